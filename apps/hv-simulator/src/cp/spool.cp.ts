import type { CpReply } from '#hypervisor';
import { matches } from './cp.abbrev.js';

/**
 * SPOOL READER CLASS c (the management guest's own reader): what the service sends before
 * vmur lists and receives console files, so vmur reads files of any class. Accepted as CP does;
 * the simulated vmur reads every class anyway. Other SPOOL forms are not simulated.
 */
export function spoolCommand(operands: string[]): CpReply {
  const [device, keyword, spoolClass, ...rest] = operands;
  const reader = device === 'RDR' || matches(device, 'READER', 1);
  if (!reader) return invalidOption(device ?? '');
  if (!matches(keyword, 'CLASS', 2)) return invalidOption(keyword ?? '');
  if (!spoolClass || !/^[A-Z0-9*]$/.test(spoolClass)) return invalidOption(spoolClass ?? '');
  if (rest.length > 0) return invalidOption(rest[0]);
  return { rc: 0, lines: [] };
}

function invalidOption(option: string): CpReply {
  return { rc: 3, lines: [`HCP003E Invalid option - ${option}`] };
}
