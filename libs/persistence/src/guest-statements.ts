import type { DirectDb, Sql } from './direct/direct-db.js';
import { GUEST_COLUMNS, toGuest } from './direct/guest-row.js';
import type { Guest } from './generated/sqlite/client.js';

/**
 * The guest reads of every submit (the api's managed-guest check) and run (the worker's), on the
 * direct layer (issue #17; see operation-statements.ts).
 */

const BY_USERID = `SELECT ${GUEST_COLUMNS} FROM "guests" WHERE "userid" = $1`;

/** One text for any number of userids, given as a JSON array, so it is prepared once. */
const BY_USERIDS: Sql = {
  sqlite: `SELECT ${GUEST_COLUMNS} FROM "guests"
    WHERE "userid" IN (SELECT "value" FROM json_each($1))`,
  postgresql: `SELECT ${GUEST_COLUMNS} FROM "guests"
    WHERE "userid" IN (SELECT jsonb_array_elements_text($1::jsonb))`,
};

/** `userid` as stored (upper case). */
export async function selectByUserid(db: DirectDb, userid: string): Promise<Guest | null> {
  const [row] = await db.all(BY_USERID, [userid]);
  return row ? toGuest(row) : null;
}

/** The guests among `userids` (as stored), in no particular order. */
export async function selectByUserids(db: DirectDb, userids: readonly string[]): Promise<Guest[]> {
  return (await db.all(BY_USERIDS, [JSON.stringify(userids)])).map(toGuest);
}
