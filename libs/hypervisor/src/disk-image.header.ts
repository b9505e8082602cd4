import type { DiskDeviceType } from './protocol.js';

/**
 * The header of an image file, as the management guest's zthin scripts write and read it
 * (creatediskimage / unpackdiskimage). What creatediskimage writes, the form we write too:
 *
 *   0..19  tag: `xCAT CKD Disk Image:` | `xCAT FBA Disk Image:` | `xCAT FBA Part Image:`
 *   20..35 `<size> CYL|BLK`, right-aligned in 16 bytes (the disk's size in its units)
 *   36..46 ` HLen: 0055` (the header's length, 4 digits)
 *   47..54 ` GZIP: <level>` (0 = raw data, 1-9 gzip)
 *   then blanks to byte 512; the data starts at the next 512-byte block after HLen bytes
 *
 * unpackdiskimage also reads the version-1 form (36 bytes: tag and size, data at byte 36, always
 * gzip'd), and we keep reading the 64-byte form this service wrote before (tag and size, then
 * ` GZIP: <level>` and blanks to byte 64), which images in repositories may still have.
 */

/** The header we write: one 512-byte block (creatediskimage's `printf "%-512s"`). */
export const IMAGE_HEADER_BYTES = 512;
/** The block size unpackdiskimage skips the HLen header in (zthinshellutils `blockSize`). */
const HEADER_BLOCK = 512;
/** What a 64-byte (our older form) header needs to be told from a version-1 one. */
export const IMAGE_HEADER_PROBE_BYTES = 64;
/**
 * Where an FBA partition image's data goes on the disk: after the two label blocks, where
 * Linux's implicit partition 1 of an unlabelled FBA disk starts (unpackdiskimage zeroes the
 * first 1024 bytes and writes `-part1`).
 */
export const FBA_PARTITION_OFFSET = 1024;

export type ImageDiskType = 'CKD' | 'FBA';

export interface ImageHeader {
  type: ImageDiskType;
  /** `xCAT FBA Part Image:`: the data is FBA partition 1, written after FBA_PARTITION_OFFSET. */
  partition: boolean;
  /** Size of the captured disk in cylinders (CKD) or 512-byte blocks (FBA); 0 = none given. */
  units: number;
  unitsLabel: 'CYL' | 'BLK';
  /** gzip level of the data; 0 = not compressed. */
  compressLevel: number;
  /** `<units>:CYL` or `<units>:BLK`. */
  diskSizeUnits: string;
  /** Bytes of the file before its data. */
  headerBytes: number;
  /** Where on the disk the data starts (0, or FBA_PARTITION_OFFSET for a partition image). */
  diskOffset: number;
}

const TAGS: Record<string, { type: ImageDiskType; partition: boolean }> = {
  'xCAT CKD Disk Image:': { type: 'CKD', partition: false },
  'xCAT FBA Disk Image:': { type: 'FBA', partition: false },
  'xCAT FBA Part Image:': { type: 'FBA', partition: true },
};
const LABEL = { CKD: 'CYL', FBA: 'BLK' } as const;
const MAX_UNITS = 999_999_999_999; // `<units> CYL` fits the 16-byte field
const LEGACY_TAIL = / GZIP: (\d) {20}$/;

/** The image type of a minidisk device type (3390 is count-key-data, 9336 fixed-block). */
export function imageTypeOf(deviceType: DiskDeviceType): ImageDiskType {
  return deviceType === '3390' ? 'CKD' : 'FBA';
}

/** The header creatediskimage writes for a disk of `units` at `compressLevel`: 512 bytes. */
export function formatImageHeader(h: {
  type: ImageDiskType;
  units: number;
  compressLevel: number;
  partition?: boolean;
}): Buffer {
  if (!Number.isSafeInteger(h.units) || h.units < 1 || h.units > MAX_UNITS) {
    throw new RangeError(`image size must be 1..${MAX_UNITS} units, not ${h.units}`);
  }
  if (!Number.isInteger(h.compressLevel) || h.compressLevel < 0 || h.compressLevel > 9) {
    throw new RangeError(`compression level must be 0..9, not ${h.compressLevel}`);
  }
  if (h.partition && h.type !== 'FBA') throw new RangeError('only FBA images are partitions');
  const tag = `xCAT ${h.type} ${h.partition ? 'Part' : 'Disk'} Image:`;
  const size = `${h.units} ${LABEL[h.type]}`.padStart(16);
  const text = `${tag}${size} HLen: 0055 GZIP: ${h.compressLevel}`;
  return Buffer.from(text.padEnd(IMAGE_HEADER_BYTES), 'latin1');
}

/** The size as unpackdiskimage takes it (awk's first field of bytes 20..35); 0 when none. */
function sizeOf(text: string): number {
  const first = text.slice(20, 36).trim().split(/\s+/)[0] ?? '';
  return /^\d{1,12}$/.test(first) ? Number(first) : 0;
}

/** Header length, data offset and gzip level, by the form the header is in; null if bad. */
function layoutOf(text: string): Pick<ImageHeader, 'headerBytes' | 'compressLevel'> | null {
  if (text.startsWith('HLen:', 37)) {
    const hlen = text.slice(43, 47);
    if (!/^\d{4}$/.test(hlen) || Number(hlen) === 0) return null;
    const len = Number(hlen);
    const headerBytes = (Math.floor(len / HEADER_BLOCK) + 1) * HEADER_BLOCK;
    if (len < 55) return { headerBytes, compressLevel: 6 };
    const level = text[54] ?? '';
    return /^\d$/.test(level) ? { headerBytes, compressLevel: Number(level) } : null;
  }
  const legacy = LEGACY_TAIL.exec(text.slice(36, IMAGE_HEADER_PROBE_BYTES));
  if (legacy) return { headerBytes: IMAGE_HEADER_PROBE_BYTES, compressLevel: Number(legacy[1]) };
  return text.length >= 36 ? { headerBytes: 36, compressLevel: 6 } : null; // version 1
}

/**
 * The header at the start of `buf` as unpackdiskimage reads it (give it the first 64 bytes, or
 * the whole file when shorter), or null when that script would not recognise the image: an
 * unknown tag (a dummy `z/VM …` or an FCP image included), or a malformed HLen or GZIP field.
 * A header without a size (`units` 0) is returned: the script refuses it as a dummy image only
 * once it looked at the target disk.
 */
export function parseImageHeader(buf: Buffer): ImageHeader | null {
  const text = buf.subarray(0, IMAGE_HEADER_PROBE_BYTES).toString('latin1');
  const tag = TAGS[text.slice(0, 20)];
  if (!tag) return null;
  const layout = layoutOf(text);
  if (!layout) return null;
  const units = sizeOf(text);
  const unitsLabel = LABEL[tag.type];
  return {
    ...tag,
    units,
    unitsLabel,
    compressLevel: layout.compressLevel,
    diskSizeUnits: `${units}:${unitsLabel}`,
    headerBytes: layout.headerBytes,
    diskOffset: tag.partition ? FBA_PARTITION_OFFSET : 0,
  };
}
