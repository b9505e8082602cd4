import { Errors, HvError, type Userid } from '#envelope';
import { type SystemsManagement, tolerating } from '#hypervisor';

/**
 * Replaces a guest's directory entry as the reference does for a couple (§9.9): Image_Lock_DM
 * (already locked by us tolerated), Image_Replace_DM, and Image_Unlock_DM when the replace
 * fails. Failures are guest rs 9 (lock) and rs 10 (replace); transport failures pass unchanged.
 */
export async function replaceDirectory(
  hv: SystemsManagement,
  userid: Userid,
  lines: string[],
): Promise<void> {
  const wrap = (rs: number, what: string) => (e: unknown) => {
    if (!(e instanceof HvError) || e.overallRC !== 8) return e;
    return Errors.guest(rs, `Failed to ${what} the directory entry of ${userid}: ${e.message}`);
  };
  try {
    await tolerating(hv.imageLockDM(userid), [400, 12]);
  } catch (e) {
    throw wrap(9, 'lock')(e);
  }
  try {
    await hv.imageReplaceDM(userid, lines);
  } catch (e) {
    await tolerating(hv.imageUnlockDM(userid), [400, 24]).catch(() => undefined);
    throw wrap(10, 'replace')(e);
  }
}

/** Puts a saved directory entry back (an undo), unless it is still the same. */
export async function restoreDirectory(
  hv: SystemsManagement,
  userid: Userid,
  saved: string[],
): Promise<void> {
  const now = await hv.imageQueryDM(userid);
  if (now.join('\n') === saved.join('\n')) return;
  await replaceDirectory(hv, userid, saved);
}
