import { pipeline, Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { toBuffer } from './chunk.buffer.js';
import type { DiskDeviceType } from './protocol.js';

/**
 * Image files as the management guest's zthin scripts write and read them (creatediskimage /
 * unpackdiskimage): a 64-byte ASCII header, then the disk's bytes, gzip-compressed at the
 * header's level (1–9) or raw (0). The header is read with `hexdump -C -n 64`, so its fields
 * sit at fixed offsets:
 *
 *   0..19  `xCAT CKD Disk Image:` | `xCAT FBA Disk Image:`
 *   20..31 size in units, right-aligned decimal   32 space   33..35 `CYL` | `BLK`
 *   36..   ` GZIP: <level>`, then spaces up to byte 64
 */
export const IMAGE_HEADER_BYTES = 64;

export type ImageDiskType = 'CKD' | 'FBA';

export interface ImageHeader {
  type: ImageDiskType;
  /** Size of the captured disk, in cylinders (CKD) or 512-byte blocks (FBA). */
  units: number;
  unitsLabel: 'CYL' | 'BLK';
  /** gzip level of the data; 0 = not compressed. */
  compressLevel: number;
  /** `<units>:CYL` or `<units>:BLK`, as the image record keeps it. */
  diskSizeUnits: string;
}

const TAG: Record<ImageDiskType, string> = {
  CKD: 'xCAT CKD Disk Image:',
  FBA: 'xCAT FBA Disk Image:',
};
const LABEL = { CKD: 'CYL', FBA: 'BLK' } as const;
const MAX_UNITS = 999_999_999_999; // 12 digits

/** The image type of a minidisk device type (3390 is count-key-data, 9336 fixed-block). */
export function imageTypeOf(deviceType: DiskDeviceType): ImageDiskType {
  return deviceType === '3390' ? 'CKD' : 'FBA';
}

export function formatImageHeader(h: {
  type: ImageDiskType;
  units: number;
  compressLevel: number;
}): Buffer {
  if (!Number.isSafeInteger(h.units) || h.units < 1 || h.units > MAX_UNITS) {
    throw new RangeError(`image size must be 1..${MAX_UNITS} units, not ${h.units}`);
  }
  if (!Number.isInteger(h.compressLevel) || h.compressLevel < 0 || h.compressLevel > 9) {
    throw new RangeError(`compression level must be 0..9, not ${h.compressLevel}`);
  }
  const text = `${TAG[h.type]}${String(h.units).padStart(12)} ${LABEL[h.type]} GZIP: ${h.compressLevel}`;
  return Buffer.from(text.padEnd(IMAGE_HEADER_BYTES), 'latin1');
}

/** The header at the start of `buf` (at least 64 bytes), or null when it is not one. */
export function parseImageHeader(buf: Buffer): ImageHeader | null {
  if (buf.length < IMAGE_HEADER_BYTES) return null;
  const text = buf.subarray(0, IMAGE_HEADER_BYTES).toString('latin1');
  const type = (Object.keys(TAG) as ImageDiskType[]).find((t) => text.startsWith(TAG[t]));
  if (!type) return null;
  const size = /^ *(\d{1,12})$/.exec(text.slice(20, 32));
  const units = size ? Number(size[1]) : 0;
  if (units < 1 || text[32] !== ' ' || text.slice(33, 36) !== LABEL[type]) return null;
  const gzip = /^ GZIP: (\d) *$/.exec(text.slice(36));
  if (!gzip) return null;
  const unitsLabel = LABEL[type];
  return {
    type,
    units,
    unitsLabel,
    compressLevel: Number(gzip[1]),
    diskSizeUnits: `${units}:${unitsLabel}`,
  };
}

/** An image stream that does not start with a valid header. */
export class ImageFormatError extends Error {
  override readonly name = 'ImageFormatError';
}

/** Applies zlib to a stream; an error on either side destroys the other (no leaked streams). */
function through(src: Readable, zlib: NodeJS.ReadWriteStream): Readable {
  return pipeline(src, zlib, () => undefined) as unknown as Readable;
}

/**
 * Reads an image's header and gives the disk bytes that follow, decompressed, as a stream:
 * nothing beyond the header is buffered. Rejects with ImageFormatError (closing `image`) for a
 * bad header. Destroying `disk` destroys `image`.
 */
export async function openDiskImage(
  image: Readable,
): Promise<{ header: ImageHeader; disk: Readable }> {
  const it = image[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let got = 0;
  while (got < IMAGE_HEADER_BYTES) {
    const r = await it.next();
    if (r.done) break;
    const chunk = toBuffer(r.value);
    head.push(chunk);
    got += chunk.length;
  }
  const first = Buffer.concat(head);
  const header = parseImageHeader(first);
  if (!header) {
    await it.return?.(); // closes `image`
    const shown = first
      .subarray(0, 36)
      .toString('latin1')
      .replace(/[^\x20-\x7e]/g, '.');
    throw new ImageFormatError(`not a disk image header: "${shown}"`);
  }
  const rest = first.subarray(IMAGE_HEADER_BYTES);
  const data = Readable.from(
    (async function* () {
      try {
        if (rest.length > 0) yield rest;
        for (let r = await it.next(); !r.done; r = await it.next()) yield toBuffer(r.value);
      } finally {
        await it.return?.(); // a consumer that stops early closes `image` too
      }
    })(),
    { objectMode: false },
  );
  const disk = header.compressLevel === 0 ? data : through(data, createGunzip());
  return { header, disk };
}

/**
 * An image file of the disk bytes in `disk`: header, then gzip at `compressLevel` (raw at 0).
 * Deterministic: the same bytes at the same level give the same file.
 */
export function encodeDiskImage(
  disk: Readable,
  h: { type: ImageDiskType; units: number; compressLevel: number },
): Readable {
  const header = formatImageHeader(h);
  const body = h.compressLevel === 0 ? disk : through(disk, createGzip({ level: h.compressLevel }));
  return Readable.from(
    (async function* () {
      yield header;
      for await (const chunk of body) yield toBuffer(chunk);
    })(),
    { objectMode: false },
  );
}
