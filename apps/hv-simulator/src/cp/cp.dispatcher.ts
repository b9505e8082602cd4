import type { CpReply } from '#hypervisor';
import type { HypervisorState } from '../state/hypervisor.state.js';
import { matches } from './cp.abbrev.js';
import { queryCommand } from './query.cp.js';
import { spoolCommand } from './spool.cp.js';

/** A parsed CP command line: upper-case words, and the userid it is about (for faults, log). */
export interface CpCommand {
  words: string[];
  /** The userid operand, or `*` when the command is not about one user. */
  target: string;
}

export function parseCp(command: string): CpCommand {
  const words = command.trim().toUpperCase().split(/\s+/).filter(Boolean);
  const aboutUser = matches(words[0], 'QUERY', 1) && matches(words[1], 'USERS', 4) && words[2];
  return { words, target: aboutUser || '*' };
}

/**
 * Runs a CP command. CP's return code is the number of the message it ends with (0 when none),
 * and messages are shown without the module part of the id, e.g. `HCP045E` (EMSG TEXT style
 * that the reference's parser expects).
 */
export function runCp(state: HypervisorState, cmd: CpCommand): CpReply {
  const [verb] = cmd.words;
  if (matches(verb, 'QUERY', 1)) return queryCommand(state, cmd.words.slice(1));
  if (matches(verb, 'SPOOL', 2)) return spoolCommand(cmd.words.slice(1));
  return { rc: 1, lines: [`HCP001E Unknown CP command: ${verb ?? ''}`] };
}
