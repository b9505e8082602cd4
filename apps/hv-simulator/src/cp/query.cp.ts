import { cpTimestamp, type CpReply } from '#hypervisor';
import { SYSTEM } from '../ssi/system.info.js';
import { USERID_RE } from '../state/directory.parser.js';
import { MANAGEMENT_GUEST, type HypervisorState } from '../state/hypervisor.state.js';
import { matches } from './cp.abbrev.js';
import { querySsi } from './query-ssi.cp.js';

/** `HCP003E Invalid option - x`: CP's answer to an operand it does not know. */
function invalidOption(option: string): CpReply {
  return { rc: 3, lines: [`HCP003E Invalid option - ${option}`] };
}

/**
 * QUERY USERS [userid [AT ALL|member]]. CP only knows logged-on users here: a userid that is not
 * logged on answers HCP045E whether or not the directory defines it (the reference reads both,
 * and HCP361E, as "off"). Logged-on guests show as disconnected (DSC): nobody is on their
 * console. `AT ALL` (or `AT <member>`) adds the SSI member it runs on, as CP does in a cluster.
 */
function queryUsers(state: HypervisorState, operands: string[]): CpReply {
  const [userid, at, where, extra] = operands;
  if (at !== undefined) return queryUserAt(state, userid, at, where, extra);
  const active = state.userIds().filter((id) => state.user(id)?.loggedOn);
  if (userid === undefined) {
    const count = String(active.length).padStart(5);
    return { rc: 0, lines: [`${count} USERS,     0 DIALED,     0 NET`] };
  }
  if (!USERID_RE.test(userid)) return invalidOption(userid);
  if (active.includes(userid)) return { rc: 0, lines: [`${userid.padEnd(8)} - DSC`] };
  return { rc: 45, lines: [`HCP045E ${userid} not logged on`] };
}

function queryUserAt(
  state: HypervisorState,
  userid: string,
  at: string,
  where: string | undefined,
  extra: string | undefined,
): CpReply {
  if (at !== 'AT' || where === undefined) return invalidOption(at);
  if (extra !== undefined) return invalidOption(extra);
  if (!USERID_RE.test(userid)) return invalidOption(userid);
  const u = state.user(userid);
  const member = u && state.memberOf(u);
  if (member && (where === 'ALL' || where === member)) {
    return { rc: 0, lines: [`${userid.padEnd(8)} - DSC AT ${member}`] };
  }
  return { rc: 45, lines: [`HCP045E ${userid} not logged on`] };
}

/**
 * QUERY VMRELOCATE [userid]: the relocations in progress (one line each), or CP's "No
 * relocations in progress".
 */
function queryVmrelocate(state: HypervisorState, operands: string[]): CpReply {
  const [userid, extra] = operands;
  if (extra !== undefined) return invalidOption(extra);
  const moving = [...state.relocating].filter(([id]) => userid === undefined || id === userid);
  if (moving.length === 0) return { rc: 0, lines: ['No relocations in progress'] };
  return {
    rc: 0,
    lines: moving.map(([id, dest]) => `${id} is being relocated from ${state.systemId} to ${dest}`),
  };
}

/** QUERY USERID: who is asking (the management guest) and on which system. */
function queryUserid(state: HypervisorState): CpReply {
  return { rc: 0, lines: [`${MANAGEMENT_GUEST} AT ${state.systemId}`] };
}

/**
 * QUERY CPLEVEL: the level, when CP was generated and when it was IPLed, three lines as CP
 * prints them (the reference takes the third as the host's IPL time).
 */
function queryCplevel(state: HypervisorState): CpReply {
  const [version = '0', release = '0', mod = '0'] = (
    /(\d+\.\d+\.\d+)/.exec(SYSTEM.hypervisorVersion)?.[1] ?? ''
  ).split('.');
  return {
    rc: 0,
    lines: [
      `z/VM Version ${version} Release ${release}.${mod}, service level 0000 (64-bit)`,
      `Generated at ${SYSTEM.cpGenerated}`,
      `IPL at ${cpTimestamp(state.iplTime)} UTC`,
    ],
  };
}

export function queryCommand(state: HypervisorState, operands: string[]): CpReply {
  const [what, ...rest] = operands;
  if (what === undefined) return { rc: 26, lines: ['HCP026E Operand missing or invalid'] };
  if (matches(what, 'USERS', 4)) return queryUsers(state, rest);
  if (what === 'USERID' && rest.length === 0) return queryUserid(state);
  if (what === 'SSI' && rest.length === 0) return querySsi(state);
  if (matches(what, 'CPLEVEL', 5) && rest.length === 0) return queryCplevel(state);
  if (matches(what, 'VMRELOCATE', 5)) return queryVmrelocate(state, rest);
  return invalidOption(what);
}
