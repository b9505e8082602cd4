import { pipeline, Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { toBuffer } from './chunk.buffer.js';
import {
  formatImageHeader,
  IMAGE_HEADER_PROBE_BYTES,
  type ImageDiskType,
  type ImageHeader,
  parseImageHeader,
} from './disk-image.header.js';

export {
  FBA_PARTITION_OFFSET,
  formatImageHeader,
  IMAGE_HEADER_BYTES,
  imageTypeOf,
  parseImageHeader,
  type ImageDiskType,
  type ImageHeader,
} from './disk-image.header.js';

/**
 * Image files as the management guest's zthin scripts write and read them (creatediskimage /
 * unpackdiskimage): a header (disk-image.header.ts), then the disk's bytes, gzip-compressed at
 * the header's level (1–9) or raw (0).
 */

/** An image stream that does not start with a valid header. */
export class ImageFormatError extends Error {
  override readonly name = 'ImageFormatError';
}

/** Applies zlib to a stream; an error on either side destroys the other (no leaked streams). */
function through(src: Readable, zlib: NodeJS.ReadWriteStream): Readable {
  return pipeline(src, zlib, () => undefined) as unknown as Readable;
}

/**
 * Reads an image's header and gives the disk bytes that follow it, decompressed, as a stream:
 * nothing beyond the header is buffered. Any form unpackdiskimage reads is taken (the header's
 * length skipped as it skips it). Rejects with ImageFormatError (closing `image`) for a bad
 * header. Destroying `disk` destroys `image`.
 */
export async function openDiskImage(
  image: Readable,
): Promise<{ header: ImageHeader; disk: Readable }> {
  const it = image[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let got = 0;
  while (got < IMAGE_HEADER_PROBE_BYTES) {
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
  const data = Readable.from(
    (async function* () {
      try {
        // the rest of the header (up to a whole block) may still be coming: skip it
        let skip = header.headerBytes;
        let chunk: Buffer | undefined = first;
        while (chunk) {
          if (skip < chunk.length) yield chunk.subarray(skip);
          skip = Math.max(0, skip - chunk.length);
          const r = await it.next();
          chunk = r.done ? undefined : toBuffer(r.value);
        }
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
 * An image file of the disk bytes in `disk`, as creatediskimage writes it: the 512-byte header,
 * then gzip at `compressLevel` (raw at 0). Deterministic: the same bytes at the same level give
 * the same file.
 */
export function encodeDiskImage(
  disk: Readable,
  h: { type: ImageDiskType; units: number; compressLevel: number; partition?: boolean },
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
