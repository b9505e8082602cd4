import type { Userid } from '#envelope';
import type { CpQueries } from '#hypervisor';
import { notActive } from '../domain/nic-errors.js';

/** 409 rs 1 (modID 20) when the change is for the active guest and it is not logged on. */
export async function requireActiveIf(
  cp: CpQueries,
  userid: Userid,
  active: boolean,
): Promise<void> {
  if (active && (await cp.queryUserPower(userid)) !== 'on') throw notActive(userid);
}
