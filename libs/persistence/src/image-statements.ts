import type { DirectDb } from './direct/direct-db.js';
import { IMAGE_COLUMNS, toImage } from './direct/image-row.js';
import type { Image } from './generated/sqlite/client.js';

/**
 * The image read of every deploy's submit and run, on the direct layer (see
 * operation-statements.ts): through Prisma's model API its query compiler was the largest
 * single cost of a deploy's submission, and held the api's event loop while 10,000 arrived
 * (docs/decisions/0002).
 */
const BY_NAME = `SELECT ${IMAGE_COLUMNS} FROM "images" WHERE "imagename" = $1`;

export async function selectImageByName(db: DirectDb, imagename: string): Promise<Image | null> {
  const [row] = await db.all(BY_NAME, [imagename]);
  return row ? toImage(row) : null;
}
