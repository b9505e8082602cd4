import { Errors, ModID } from '#envelope';
import type { GuestRecord, GuestsRepository } from '#persistence';

/**
 * The one "is this guest managed" check, for the api (404 before submitting) and the worker
 * (the guest may have been deleted or migrated away since the api accepted the job): the guest
 * must be in the database and not migrated away, else 404 rs 1 (modID 10). Returns its record;
 * `record.userid` is the upper-case userid. `batched`: the api's reads, where concurrent
 * requests share one statement (GuestsRepository.findByUseridBatched).
 */
export async function requireManagedGuest(
  guests: GuestsRepository,
  userid: string,
  { batched = false } = {},
): Promise<GuestRecord> {
  const id = userid.toUpperCase();
  const g = await (batched ? guests.findByUseridBatched(id) : guests.findByUserid(id));
  if (!g || g.migrated) throw Errors.notExist(ModID.GUEST, `Guest '${id}'`);
  return g;
}
