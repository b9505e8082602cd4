import { Errors, ModID } from '#envelope';
import type { GuestsRepository } from '#persistence';

/**
 * The worker's own check that the guest is still managed when the job runs (it may have been
 * deleted or migrated away since the api accepted the request): 404 rs 1 otherwise.
 */
export async function requireManagedGuest(guests: GuestsRepository, userid: string): Promise<void> {
  const g = await guests.findByUserid(userid);
  if (!g || g.migrated) throw Errors.notExist(ModID.GUEST, `Guest '${userid}'`);
}
