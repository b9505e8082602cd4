import type { CpReply } from '#hypervisor';
import { USERID_RE } from '../state/directory.parser.js';
import type { HypervisorState } from '../state/hypervisor.state.js';
import { matches } from './cp.abbrev.js';
import { querySsi } from './query-ssi.cp.js';

/** `HCP003E Invalid option - x`: CP's answer to an operand it does not know. */
function invalidOption(option: string): CpReply {
  return { rc: 3, lines: [`HCP003E Invalid option - ${option}`] };
}

/**
 * QUERY USERS [userid]. CP only knows logged-on users here: a userid that is not logged on
 * answers HCP045E whether or not the directory defines it (the reference reads both, and
 * HCP361E, as "off"). Logged-on guests show as disconnected (DSC): nobody is on their console.
 */
function queryUsers(state: HypervisorState, operands: string[]): CpReply {
  const [userid, extra] = operands;
  if (extra !== undefined) return invalidOption(extra);
  const active = state.userIds().filter((id) => state.user(id)?.loggedOn);
  if (userid === undefined) {
    const count = String(active.length).padStart(5);
    return { rc: 0, lines: [`${count} USERS,     0 DIALED,     0 NET`] };
  }
  if (!USERID_RE.test(userid)) return invalidOption(userid);
  if (active.includes(userid)) return { rc: 0, lines: [`${userid.padEnd(8)} - DSC`] };
  return { rc: 45, lines: [`HCP045E ${userid} not logged on`] };
}

/** QUERY USERID: who is asking (the management guest) and on which system. */
function queryUserid(state: HypervisorState): CpReply {
  return { rc: 0, lines: [`HVSIMMGR AT ${state.systemId}`] };
}

export function queryCommand(state: HypervisorState, operands: string[]): CpReply {
  const [what, ...rest] = operands;
  if (what === undefined) return { rc: 26, lines: ['HCP026E Operand missing or invalid'] };
  if (matches(what, 'USERS', 4)) return queryUsers(state, rest);
  if (what === 'USERID' && rest.length === 0) return queryUserid(state);
  if (what === 'SSI' && rest.length === 0) return querySsi(state);
  return invalidOption(what);
}
