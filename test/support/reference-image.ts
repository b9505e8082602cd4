import { gzipSync } from 'node:zlib';

/*
 * Image files in the layouts a reference installation has them, written out byte by byte from
 * the reference's scripts (not with this service's formatter), for tests that play a site
 * moving over:
 *
 * - zthin creatediskimage (what its capture writes): the tag at 0..19, `<size> <unit>`
 *   right-aligned in 20..35, ` HLen: 0055` at 36..46, ` GZIP: <n>` at 47..54, blanks to 512
 *   bytes (`printf "%-512s"`), the data (gzip unless 0; an FBA disk's partition 1) from 512.
 * - the 64-byte form this service wrote before: tag and size, ` GZIP: <n>` at 36, blanks to 64.
 * - zvmsdk utils.make_dummy_image (its functional tests' image): 55 bytes, a `z/VM` tag, size 0.
 */

export type ImageTag =
  'xCAT CKD Disk Image:' | 'xCAT FBA Disk Image:' | 'xCAT FBA Part Image:' | 'xCAT FCP Disk Image:';

function sized(length: number, tag: string, size: string): Buffer {
  const b = Buffer.alloc(length, 0x20);
  b.write(tag, 0, 'latin1');
  b.write(size, 36 - size.length, 'latin1');
  return b;
}

/** creatediskimage's header: `size` is `<n> CYL` or `<n> BLK`. */
export function referenceHeader(tag: ImageTag, size: string, level: number): Buffer {
  const b = sized(512, tag, size);
  b.write(` HLen: 0055 GZIP: ${level}`, 36, 'latin1');
  return b;
}

/** Our older 64-byte header. */
export function legacyHeader(tag: ImageTag, size: string, level: number): Buffer {
  const b = sized(64, tag, size);
  b.write(` GZIP: ${level}`, 36, 'latin1');
  return b;
}

/** A whole image file: `header`, then `content` (gzip at `level` unless 0). */
export function imageFile(
  header: (tag: ImageTag, size: string, level: number) => Buffer,
  tag: ImageTag,
  size: string,
  level: number,
  content: Buffer,
): Buffer {
  const data = level === 0 ? content : gzipSync(content, { level });
  return Buffer.concat([header(tag, size, level), data]);
}

/** The reference's functional tests' dummy image (`d_type` CKD or FBA). */
export function referenceDummy(type: 'CKD' | 'FBA' = 'CKD'): Buffer {
  const unit = type === 'CKD' ? 'CYL' : 'BLK';
  return Buffer.from(`z/VM ${type} Disk Image:           0 ${unit} HLen: 0055 GZIP: 0`, 'latin1');
}
