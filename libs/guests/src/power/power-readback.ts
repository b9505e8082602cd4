import type { Userid } from '#envelope';
import type { PowerState, SystemsManagement } from '#hypervisor';
import type { ProbeResult, StepOptions } from '#operations';

/** Image_Status_Query: whether the user is in the power state a step wanted. */
export async function powerIs(
  hv: SystemsManagement,
  userid: Userid,
  want: PowerState,
): Promise<ProbeResult> {
  const active = (await hv.imageStatusQuery('*')).active.map((u) => u.trim().toUpperCase());
  return active.includes(userid) === (want === 'on') ? 'done' : 'absent';
}

/**
 * A power step in doubt (its call lost in an outage) read back at once: already in the wanted
 * state, it is adopted; otherwise its call is made again, which is safe (a log-on or an
 * immediate log-off of a user already so is answered "already", which the call tolerates) and
 * takes effect before it answers, so the read-back after it is conclusive. Not for a graceful
 * log-off, which ends later.
 */
export function powerReadBack(
  hv: SystemsManagement,
  userid: Userid,
  want: PowerState,
  call: () => Promise<unknown>,
): StepOptions {
  return { probe: () => powerIs(hv, userid, want), repeat: call };
}
