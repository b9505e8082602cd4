import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { gzipSync } from 'node:zlib';
import {
  encodeDiskImage,
  formatImageHeader,
  IMAGE_HEADER_BYTES,
  ImageFormatError,
  openDiskImage,
  parseImageHeader,
} from './disk-image.js';

const text = (s: string): Buffer => Buffer.from(s.padEnd(64), 'latin1');
/** A stream delivering `buf` in pieces of `size` bytes (headers split across chunks too). */
const pieces = (buf: Buffer, size: number): Readable =>
  Readable.from(
    Array.from({ length: Math.ceil(buf.length / size) }, (_, i) =>
      buf.subarray(i * size, (i + 1) * size),
    ),
  );

describe('disk image header', () => {
  it('lays the fields out where hexdump readers look for them', () => {
    const h = formatImageHeader({ type: 'CKD', units: 3338, compressLevel: 6 });
    expect(h).toHaveLength(IMAGE_HEADER_BYTES);
    const s = h.toString('latin1');
    expect(s.slice(0, 20)).toBe('xCAT CKD Disk Image:');
    expect(s.slice(20, 32)).toBe('        3338');
    expect(s.slice(32, 36)).toBe(' CYL');
    expect(s.slice(36)).toBe(' GZIP: 6'.padEnd(28));
    expect(formatImageHeader({ type: 'FBA', units: 2_097_152, compressLevel: 0 }).toString()).toBe(
      'xCAT FBA Disk Image:     2097152 BLK GZIP: 0'.padEnd(64),
    );
  });

  it.each([
    ['CKD', 1, 0],
    ['CKD', 10_016, 9],
    ['FBA', 4_194_304, 1],
    ['FBA', 999_999_999_999, 6],
  ] as const)('round-trips %s %d units at level %d', (type, units, compressLevel) => {
    const parsed = parseImageHeader(formatImageHeader({ type, units, compressLevel }));
    const label = type === 'CKD' ? 'CYL' : 'BLK';
    expect(parsed).toEqual({
      type,
      units,
      unitsLabel: label,
      compressLevel,
      diskSizeUnits: `${units}:${label}`,
    });
  });

  it.each([
    ['too short', Buffer.from('xCAT CKD Disk Image:        10 CYL GZIP: 6')],
    ['unknown tag', text('xCAT FCP Disk Image:          10 BLK GZIP: 6')],
    ['not an image', text('#!/bin/sh\necho hello')],
    ['zero units', text('xCAT CKD Disk Image:           0 CYL GZIP: 6')],
    ['no units', text('xCAT CKD Disk Image:             CYL GZIP: 6')],
    ['units not digits', text('xCAT CKD Disk Image:        1O0 CYL GZIP: 6')],
    ['units shifted', text('xCAT CKD Disk Image:         10  CYL GZIP: 6')],
    ['CKD in blocks', text('xCAT CKD Disk Image:          10 BLK GZIP: 6')],
    ['FBA in cylinders', text('xCAT FBA Disk Image:          10 CYL GZIP: 6')],
    ['no GZIP field', text('xCAT CKD Disk Image:          10 CYL')],
    ['level 10', text('xCAT CKD Disk Image:          10 CYL GZIP: 10')],
    ['old HLen layout', text('xCAT CKD Disk Image:    10 CYL HLen: 0055 GZIP: 6')],
  ])('rejects a bad header: %s', (_name, buf) => {
    expect(parseImageHeader(buf)).toBeNull();
  });

  it('refuses to write a header it could not read back', () => {
    expect(() => formatImageHeader({ type: 'CKD', units: 0, compressLevel: 6 })).toThrow(
      RangeError,
    );
    expect(() => formatImageHeader({ type: 'FBA', units: 1.5, compressLevel: 6 })).toThrow();
    expect(() => formatImageHeader({ type: 'FBA', units: 1e12, compressLevel: 6 })).toThrow();
    expect(() => formatImageHeader({ type: 'CKD', units: 1, compressLevel: 10 })).toThrow();
  });
});

describe('disk image streams', () => {
  const disk = Buffer.concat([Buffer.from('boot record'), Buffer.alloc(300_000, 7)]);

  it.each([0, 1, 6, 9])('opens an image at level %d, header split across chunks', async (lvl) => {
    const data = lvl === 0 ? disk : gzipSync(disk, { level: lvl });
    const file = Buffer.concat([
      formatImageHeader({ type: 'FBA', units: 600, compressLevel: lvl }),
      data,
    ]);
    const { header, disk: out } = await openDiskImage(pieces(file, 37));
    expect(header).toMatchObject({ type: 'FBA', units: 600, compressLevel: lvl });
    expect((await buffer(out)).equals(disk)).toBe(true);
  });

  it('rejects a bad header with ImageFormatError and closes the input', async () => {
    const input = pieces(Buffer.concat([text('not an image'), Buffer.alloc(1000)]), 16);
    await expect(openDiskImage(input)).rejects.toBeInstanceOf(ImageFormatError);
    expect(input.destroyed).toBe(true);
    await expect(openDiskImage(Readable.from([Buffer.from('short')]))).rejects.toThrow(
      /not a disk image header/,
    );
  });

  it('fails the disk stream on corrupt gzip data', async () => {
    const file = Buffer.concat([
      formatImageHeader({ type: 'CKD', units: 1, compressLevel: 6 }),
      Buffer.from('this is not gzip'),
    ]);
    const { disk: out } = await openDiskImage(Readable.from([file]));
    await expect(buffer(out)).rejects.toThrow();
  });

  it('encodes deterministically, byte-identical to header + gzip of the whole disk', async () => {
    const h = { type: 'CKD', units: 1, compressLevel: 6 } as const;
    const a = await buffer(encodeDiskImage(pieces(disk, 4096), h));
    const b = await buffer(encodeDiskImage(pieces(disk, 65_536), h));
    expect(a.equals(b)).toBe(true);
    expect(a.equals(Buffer.concat([formatImageHeader(h), gzipSync(disk, { level: 6 })]))).toBe(
      true,
    );
    const raw = await buffer(encodeDiskImage(Readable.from([disk]), { ...h, compressLevel: 0 }));
    expect(raw.subarray(IMAGE_HEADER_BYTES).equals(disk)).toBe(true);
    const back = await openDiskImage(Readable.from([a]));
    expect((await buffer(back.disk)).equals(disk)).toBe(true);
  });
});
