import { Errors, ModID } from '#envelope';
import type { HypervisorClient } from '#hypervisor';
import type { GuestsRepository } from '#persistence';
import { notActive } from '../domain/nic-errors.js';

/** 404 rs 1 (modID 10) unless the guest is managed: in the database, not migrated away. */
export async function requireManaged(guests: GuestsRepository, userid: string): Promise<string> {
  const id = userid.toUpperCase();
  const g = await guests.findByUserid(id);
  if (!g || g.migrated) throw Errors.notExist(ModID.GUEST, `Guest '${id}'`);
  return id;
}

/** 409 rs 1 (modID 20) when the change is for the active guest and it is not logged on. */
export async function requireActiveIf(
  hv: HypervisorClient,
  userid: string,
  active: boolean,
): Promise<void> {
  if (active && (await hv.queryUserPower(userid)) !== 'on') throw notActive(userid);
}
