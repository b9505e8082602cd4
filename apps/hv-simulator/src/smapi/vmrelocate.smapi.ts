import type { VmRelocateOutput } from '#hypervisor';
import { planRelocation } from '../ssi/relocation.plan.js';
import { SYSTEM } from '../ssi/system.info.js';
import { definedDevices } from '../state/directory.parser.js';
import type { HypervisorState } from '../state/hypervisor.state.js';
import type { UserRecord } from '../state/state.types.js';
import { userMemoryMb } from '../state/user.resources.js';
import { CODES, SmapiFailure, syntax, SYNTAX } from '../smapi-kit/smapi.codes.js';
import { OK, type SmapiHandler } from '../smapi-kit/smapi.context.js';

const FORCE = ['ARCHITECTURE', 'DOMAIN', 'STORAGE'] as const;

/** A VMRELOCATE failure: the code's text, then CP's messages saying why. */
function refused(code: typeof CODES.RELOCATE_FAILED, reasons: string[]): SmapiFailure {
  return new SmapiFailure({
    rc: code.rc,
    rs: code.rs,
    errmsg: [code.text, ...reasons].join('; '),
  });
}

function seconds(value: unknown, param: number, name: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw syntax(param, SYNTAX.NOT_DIGITS, `${name} must be a non-negative integer (seconds)`);
  }
  return value;
}

/** Storage free on a member: its memory less what the users running there have defined. */
function freeMemoryMb(state: HypervisorState, member: string): number {
  const used = state
    .userIds()
    .map((id) => state.user(id))
    .filter((u): u is UserRecord => u !== undefined && state.memberOf(u) === member)
    .reduce((s, u) => s + userMemoryMb(u), 0);
  return SYSTEM.memoryMb - used;
}

/** Why `u` (logged on) cannot go to `dest`; empty when it can. */
function eligibility(
  state: HypervisorState,
  u: UserRecord,
  dest: string,
  force: readonly string[],
): string[] {
  if (!state.inCluster) return ['HCPRLH1939E This system is not a member of an SSI cluster'];
  if (!state.members.includes(dest)) {
    return [`HCPRLH1940E ${dest} is not a member of the SSI cluster`];
  }
  const reasons: string[] = [];
  const here = state.memberOf(u);
  if (here === dest) reasons.push(`HCPRLH1941E ${u.userid} is already logged on to ${dest}`);
  for (const [vdev, kind] of definedDevices(u.directory)) {
    // A dedicated real device cannot follow the guest to another system.
    if (kind === 'DEDICATE') reasons.push(`HCPRLI1944I ${u.userid} has a dedicated device ${vdev}`);
  }
  if (!force.includes('STORAGE') && userMemoryMb(u) > freeMemoryMb(state, dest)) {
    reasons.push(`HCPRLI1950I ${u.userid} storage exceeds the available storage on ${dest}`);
  }
  return reasons;
}

/**
 * VMRELOCATE (live guest relocation in an SSI cluster). TEST checks eligibility: 4/3000 with
 * the reasons when not eligible. MOVE relocates: memory is copied in passes (see
 * planRelocation), limited by max_total/max_quiesce (seconds, absent = NOLIMIT); afterwards the
 * user runs on the destination. Not logged on (or not defined): 8/3000 with CP's 0045.
 */
export const vmRelocate: SmapiHandler = (ctx, target, params) => {
  const action = typeof params.action === 'string' ? params.action.toUpperCase() : undefined;
  if (action !== 'TEST' && action !== 'MOVE') {
    throw syntax(2, SYNTAX.UNRECOGNISED, 'action must be TEST or MOVE');
  }
  const dest = params.destination;
  if (typeof dest !== 'string' || !/^[A-Z0-9@#$]{1,8}$/i.test(dest)) {
    throw syntax(3, SYNTAX.BAD_CHARS, `invalid destination ${JSON.stringify(dest)}`);
  }
  const destination = dest.toUpperCase();
  const maxTotal = seconds(params.maxTotal, 4, 'maxTotal');
  const maxQuiesce = seconds(params.maxQuiesce, 5, 'maxQuiesce');
  const force = Array.isArray(params.force) ? params.force.map(String) : [];
  if (force.some((f) => !(FORCE as readonly string[]).includes(f))) {
    throw syntax(6, SYNTAX.UNRECOGNISED, `force must name ${FORCE.join(', ')}`);
  }
  const immediate = params.immediate === true;

  const u = ctx.state.user(target);
  if (!u?.loggedOn) {
    throw refused(CODES.RELOCATE_FAILED, [`HCPRLH0045E ${target} not logged on`]);
  }
  const source = ctx.state.memberOf(u) ?? ctx.state.systemId;
  const reasons = eligibility(ctx.state, u, destination, force);
  if (action === 'TEST') {
    if (reasons.length) throw refused(CODES.RELOCATE_NOT_ELIGIBLE, reasons);
    const out: VmRelocateOutput = { source, destination, passes: [], totalMs: 0, quiesceMs: 0 };
    return { ...OK, output: out };
  }
  if (reasons.length) throw refused(CODES.RELOCATE_FAILED, reasons);
  const plan = planRelocation(userMemoryMb(u), immediate);
  if (maxTotal !== undefined && plan.totalMs > maxTotal * 1000) {
    throw refused(CODES.RELOCATE_FAILED, [
      `HCPRLH1964E Relocation of ${u.userid} to ${destination} terminated: MAXTOTAL ${maxTotal} s exceeded`,
    ]);
  }
  if (maxQuiesce !== undefined && plan.quiesceMs > maxQuiesce * 1000) {
    throw refused(CODES.RELOCATE_FAILED, [
      `HCPRLH1965E Relocation of ${u.userid} to ${destination} terminated: MAXQUIESCE ${maxQuiesce} s exceeded`,
    ]);
  }
  u.member = destination;
  ctx.state.changed();
  const out: VmRelocateOutput = { source, destination, ...plan };
  return { ...OK, output: out };
};
