import type { Image } from '../generated/sqlite/client.js';
import type { Row } from './direct-db.js';
import { toDate, toText, toTextOrNull } from './decode.js';

/** The images columns under Prisma's field names. */
export const IMAGE_COLUMNS = `"id", "imagename", "imageosdistro", "md5sum",
  "disk_size_units" AS "diskSizeUnits", "image_size_in_bytes" AS "imageSizeInBytes", "type",
  "comments", "created_at" AS "createdAt", "updated_at" AS "updatedAt"`;

/** A row of IMAGE_COLUMNS as Prisma's model API returns it. */
export function toImage(r: Row): Image {
  return {
    id: toText(r.id),
    imagename: toText(r.imagename),
    imageosdistro: toText(r.imageosdistro),
    md5sum: toText(r.md5sum),
    diskSizeUnits: toText(r.diskSizeUnits),
    imageSizeInBytes: toText(r.imageSizeInBytes),
    type: toText(r.type),
    comments: toTextOrNull(r.comments),
    createdAt: toDate(r.createdAt),
    updatedAt: toDate(r.updatedAt),
  };
}
