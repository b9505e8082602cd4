import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { ImageDiskType } from '#hypervisor';

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

/**
 * creatediskimage's header, written out from its layout (not with our formatter): the tag at
 * 0..19, `<size> <unit>` right-aligned in 20..35, ` HLen: 0055` at 36..46, ` GZIP: <n>` at
 * 47..54, blanks to 512 bytes (`printf "%-512s"`).
 */
export function referenceHeader(tag: string, size: string, level: number): Buffer {
  const b = Buffer.alloc(512, 0x20);
  b.write(tag, 0, 'latin1');
  b.write(size, 36 - size.length, 'latin1');
  b.write(` HLen: 0055 GZIP: ${level}`, 36, 'latin1');
  return b;
}

/** The 64-byte header this service wrote before: tag, size, ` GZIP: <n>` at 36, blanks to 64. */
export function legacyHeader(tag: string, size: string, level: number): Buffer {
  const b = Buffer.alloc(64, 0x20);
  b.write(tag, 0, 'latin1');
  b.write(size, 36 - size.length, 'latin1');
  b.write(` GZIP: ${level}`, 36, 'latin1');
  return b;
}

/**
 * An image file as creatediskimage writes it: its header, then the bytes (gzip unless level
 * 0); `partition` for an FBA disk's (`xCAT FBA Part Image:`, the bytes after its label blocks).
 */
export function imageOf(
  content: Buffer,
  h: { type: ImageDiskType; units: number; compressLevel: number; partition?: boolean },
  header: (tag: string, size: string, level: number) => Buffer = referenceHeader,
): Buffer {
  const data = h.compressLevel === 0 ? content : gzipSync(content, { level: h.compressLevel });
  const tag = `xCAT ${h.type} ${h.partition ? 'Part' : 'Disk'} Image:`;
  const size = `${h.units} ${h.type === 'CKD' ? 'CYL' : 'BLK'}`;
  return Buffer.concat([header(tag, size, h.compressLevel), data]);
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
