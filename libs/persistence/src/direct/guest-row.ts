import type { Guest } from '../generated/sqlite/client.js';
import type { Row } from './direct-db.js';
import { toBool, toDate, toInt, toText } from './decode.js';

/** The guests columns under Prisma's field names. */
export const GUEST_COLUMNS = `"id", "userid", "metadata", "net_set" AS "netSet", "comments",
  "migrated", "created_at" AS "createdAt", "updated_at" AS "updatedAt"`;

/** A row of GUEST_COLUMNS as Prisma's model API returns it. */
export function toGuest(r: Row): Guest {
  return {
    id: toText(r.id),
    userid: toText(r.userid),
    metadata: toText(r.metadata),
    netSet: toInt(r.netSet),
    comments: toText(r.comments),
    migrated: toBool(r.migrated),
    createdAt: toDate(r.createdAt),
    updatedAt: toDate(r.updatedAt),
  };
}
