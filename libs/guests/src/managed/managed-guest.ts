import { Errors, ModID, type Userid } from '#envelope';
import type { GuestRecord, GuestsRepository } from '#persistence';

/**
 * The one "is this guest managed" check, for the api (404 before submitting) and the worker
 * (the guest may have been deleted or migrated away since the api accepted the job): the guest
 * must be in the database and not migrated away, else 404 rs 1 (modID 10). Returns its record,
 * whose userid is the Userid it was found by. `batched`: the api's reads, where concurrent
 * requests share one statement (GuestsRepository.findByUseridBatched).
 */
export async function requireManagedGuest(
  guests: GuestsRepository,
  userid: Userid,
  { batched = false } = {},
): Promise<GuestRecord & { userid: Userid }> {
  const g = await (batched ? guests.findByUseridBatched(userid) : guests.findByUserid(userid));
  if (!g || g.migrated) throw Errors.notExist(ModID.GUEST, `Guest '${userid}'`);
  return { ...g, userid }; // the row's key is `userid`: found by it
}
