import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { formatImageHeader, type ImageDiskType } from '#hypervisor';

/**
 * Disk bytes with some of everything a real disk has: noise (incompressible), text, and long
 * runs of zeros. The same length and seed give the same bytes.
 */
export function diskContent(bytes: number, seed = 1): Buffer {
  const buf = Buffer.alloc(bytes);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < Math.floor(bytes / 4); i++) {
    x = (Math.imul(x, 1_664_525) + 1_013_904_223) >>> 0; // LCG
    buf[i] = x >>> 24;
  }
  for (let at = Math.floor(bytes / 2); at + 64 < bytes; at += 4096) {
    buf.write(`seed ${seed} block at ${at}`, at, 'latin1');
  }
  return buf;
}

/** An image file as creatediskimage writes it: header, then the bytes (gzip unless level 0). */
export function imageOf(
  content: Buffer,
  h: { type: ImageDiskType; units: number; compressLevel: number },
): Buffer {
  const data = h.compressLevel === 0 ? content : gzipSync(content, { level: h.compressLevel });
  return Buffer.concat([formatImageHeader(h), data]);
}

export const md5 = (buf: Buffer): string => createHash('md5').update(buf).digest('hex');

/** `buf` as a stream of chunks, optionally waiting for `gate` before the second half. */
export async function* chunked(
  buf: Buffer,
  size = 64 * 1024,
  gate?: { at: number; open: Promise<unknown> },
): AsyncGenerator<Buffer> {
  for (let at = 0; at < buf.length; at += size) {
    if (gate && at >= gate.at) {
      await gate.open;
      gate = undefined;
    }
    yield buf.subarray(at, at + size);
  }
}
