import {
  CpQueries,
  ManagementGuestOps,
  SystemsManagement,
  isMgmtFailure,
  tolerating,
} from '#hypervisor';
import type { Userid } from '#envelope';
import type { OperationContext } from '#operations';
import { waitPower } from './wait-power.js';

/** Whether the guest's OS answers over IUCV (the reference's `echo 'ping'` probe). */
export async function reachable(guestOps: ManagementGuestOps, userid: Userid): Promise<boolean> {
  try {
    await guestOps.execInGuest(userid, "echo 'ping'");
    return true;
  } catch (e) {
    if (isMgmtFailure(e)) return false;
    throw e;
  }
}

/**
 * The reference's softstop (§9.3) as steps of `ctx`: the OS shuts itself down first when it can
 * be reached (an unreachable guest counts as already shut down), then CP logs it off
 * non-immediately and we wait until it is off. Already off: 200/12 and 200/16 are the wanted
 * state. `undo` (if given) is registered on the last step, to bring the guest back.
 */
export async function softStop(
  hv: SystemsManagement,
  cp: CpQueries,
  guestOps: ManagementGuestOps,
  userid: Userid,
  ctx: OperationContext,
  undo?: () => Promise<unknown>,
): Promise<void> {
  if (await reachable(guestOps, userid)) {
    await ctx.step('shutdown os', () => guestOps.execInGuest(userid, 'shutdown -h now'));
  } else {
    await ctx.skip('shutdown os', 'guest OS not reachable: treated as already shut down');
  }
  await ctx.step('deactivate', () =>
    tolerating(hv.imageDeactivate(userid, false), [200, 12], [200, 16]),
  );
  await ctx.step('wait off', () => waitPower(cp, userid, 'off'), undo ? { undo } : undefined);
}
