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

/*
 * Headers are written out here from the reference's layouts, byte by byte, not with our
 * formatter. zthin creatediskimage: tag at 0..19, `<size> <unit>` right-aligned in 20..35,
 * ` HLen: 0055` at 36..46, ` GZIP: <n>` at 47..54, blanks to 512 (`printf "%-512s"`), data
 * from byte 512. unpackdiskimage's version 1: tag and size only (36 bytes), data from byte 36,
 * always gzip'd. Our older form: tag and size, ` GZIP: <n>` at 36..43, blanks to 64.
 */
const blanks = (n: number) => Buffer.alloc(n, 0x20);
function put(buf: Buffer, at: number, text: string): Buffer {
  buf.write(text, at, 'latin1');
  return buf;
}
/** tag, then `size` right-aligned so that it ends at byte 35. */
const sized = (n: number, tag: string, size: string) =>
  put(put(blanks(n), 0, tag), 36 - size.length, size);
const hlenHeader = (tag: string, size: string, level: number, hlen = '0055') =>
  put(put(sized(512, tag, size), 36, ` HLen: ${hlen}`), 47, ` GZIP: ${level}`);
const v1Header = (tag: string, size: string) => sized(36, tag, size);
const legacyHeader = (tag: string, size: string, level: number) =>
  put(sized(64, tag, size), 36, ` GZIP: ${level}`);
/** The reference's own test dummy (zvmsdk utils.make_dummy_image): 55 bytes, no padding. */
const DUMMY = Buffer.from('z/VM CKD Disk Image:           0 CYL HLen: 0055 GZIP: 0', 'latin1');

const CKD = 'xCAT CKD Disk Image:';
const FBA = 'xCAT FBA Disk Image:';
const PART = 'xCAT FBA Part Image:';

/** A stream delivering `buf` in pieces of `size` bytes (headers split across chunks too). */
const pieces = (buf: Buffer, size: number): Readable =>
  Readable.from(
    Array.from({ length: Math.ceil(buf.length / size) }, (_, i) =>
      buf.subarray(i * size, (i + 1) * size),
    ),
  );

describe('disk image header', () => {
  it("writes creatediskimage's header: HLen 55, blank-padded to 512 bytes", () => {
    expect(IMAGE_HEADER_BYTES).toBe(512);
    const ckd = formatImageHeader({ type: 'CKD', units: 3338, compressLevel: 6 });
    expect(ckd.equals(hlenHeader(CKD, '3338 CYL', 6))).toBe(true);
    expect(ckd.toString('latin1').trimEnd()).toBe(
      'xCAT CKD Disk Image:        3338 CYL HLen: 0055 GZIP: 6',
    );
    const part = formatImageHeader({
      type: 'FBA',
      units: 4_194_200,
      compressLevel: 0,
      partition: true,
    });
    expect(part.equals(hlenHeader(PART, '4194200 BLK', 0))).toBe(true);
    const fba = formatImageHeader({ type: 'FBA', units: 2048, compressLevel: 1 });
    expect(fba.equals(hlenHeader(FBA, '2048 BLK', 1))).toBe(true);
  });

  it.each([
    ['HLen CKD', hlenHeader(CKD, '3338 CYL', 6), 'CKD', false, 3338, 6, 512, 0],
    ['HLen CKD raw', hlenHeader(CKD, '10 CYL', 0), 'CKD', false, 10, 0, 512, 0],
    ['HLen FBA disk', hlenHeader(FBA, '2048 BLK', 1), 'FBA', false, 2048, 1, 512, 0],
    ['HLen FBA part', hlenHeader(PART, '4194200 BLK', 9), 'FBA', true, 4194200, 9, 512, 1024],
    ['HLen over a block', hlenHeader(CKD, '10 CYL', 0, '0600'), 'CKD', false, 10, 0, 1024, 0],
    ['HLen short of GZIP', hlenHeader(CKD, '10 CYL', 0, '0040'), 'CKD', false, 10, 6, 512, 0],
    ['version 1', v1Header(CKD, '3338 CYL'), 'CKD', false, 3338, 6, 36, 0],
    ['our 64-byte form', legacyHeader(CKD, '3338 CYL', 6), 'CKD', false, 3338, 6, 64, 0],
    ['our 64-byte form raw', legacyHeader(FBA, '2048 BLK', 0), 'FBA', false, 2048, 0, 64, 0],
    ['no size', hlenHeader(CKD, '0 CYL', 0), 'CKD', false, 0, 0, 512, 0],
  ] as const)(
    'reads %s as unpackdiskimage does',
    (_name, buf, type, partition, units, compressLevel, headerBytes, diskOffset) => {
      expect(parseImageHeader(buf)).toEqual({
        type,
        partition,
        units,
        unitsLabel: type === 'CKD' ? 'CYL' : 'BLK',
        compressLevel,
        diskSizeUnits: `${units}:${type === 'CKD' ? 'CYL' : 'BLK'}`,
        headerBytes,
        diskOffset,
      });
    },
  );

  it.each([
    ["the reference's test dummy (z/VM tag)", DUMMY],
    ['an FCP image', hlenHeader('xCAT FCP Disk Image:', '2097152 BLK', 0)],
    ['not an image', blanks(64).fill('#!/bin/sh\necho hello\n', 0, 21)],
    ['too short', Buffer.from('xCAT CKD Disk Image:      10 CYL')],
    ['HLen not digits', hlenHeader(CKD, '10 CYL', 6, '00x5')],
    ['HLen zero', hlenHeader(CKD, '10 CYL', 6, '0000')],
    ['GZIP not a digit', put(hlenHeader(CKD, '10 CYL', 6), 54, 'x')],
  ])('does not read %s', (_name, buf) => {
    expect(parseImageHeader(buf)).toBeNull();
  });

  it('refuses to write a header it could not read back', () => {
    expect(() => formatImageHeader({ type: 'CKD', units: 0, compressLevel: 6 })).toThrow(
      RangeError,
    );
    expect(() => formatImageHeader({ type: 'FBA', units: 1.5, compressLevel: 6 })).toThrow();
    expect(() => formatImageHeader({ type: 'FBA', units: 1e12, compressLevel: 6 })).toThrow();
    expect(() => formatImageHeader({ type: 'CKD', units: 1, compressLevel: 10 })).toThrow();
    expect(() =>
      formatImageHeader({ type: 'CKD', units: 1, compressLevel: 1, partition: true }),
    ).toThrow();
  });
});

describe('disk image streams', () => {
  const disk = Buffer.concat([Buffer.from('boot record'), Buffer.alloc(300_000, 7)]);
  const gz = (lvl: number) => (lvl === 0 ? disk : gzipSync(disk, { level: lvl }));

  it.each([
    ['HLen CKD gzip', (l: number) => hlenHeader(CKD, '1 CYL', l), 6],
    ['HLen CKD raw', (l: number) => hlenHeader(CKD, '1 CYL', l), 0],
    ['HLen FBA part gzip', (l: number) => hlenHeader(PART, '600 BLK', l), 1],
    ['HLen FBA part raw', (l: number) => hlenHeader(PART, '600 BLK', l), 0],
    ['HLen FBA disk raw', (l: number) => hlenHeader(FBA, '600 BLK', l), 0],
    // HLen 600 spans two blocks: the data starts at 1024
    [
      'HLen over a block',
      (l: number) => Buffer.concat([hlenHeader(CKD, '1 CYL', l, '0600'), blanks(512)]),
      9,
    ],
    ['version 1', () => v1Header(CKD, '1 CYL'), 6],
    ['our 64-byte form gzip', (l: number) => legacyHeader(FBA, '600 BLK', l), 6],
    ['our 64-byte form raw', (l: number) => legacyHeader(CKD, '1 CYL', l), 0],
  ])('opens %s, header split across chunks', async (_name, header, lvl) => {
    const file = Buffer.concat([header(lvl), gz(lvl)]);
    for (const size of [37, 500, 70_000]) {
      const { header: h, disk: out } = await openDiskImage(pieces(file, size));
      expect(h.compressLevel).toBe(lvl);
      expect((await buffer(out)).equals(disk)).toBe(true);
    }
  });

  it('gives no data for a header alone (the dummy with an xCAT tag)', async () => {
    const dummy = put(Buffer.from(DUMMY), 0, CKD);
    const { header, disk: out } = await openDiskImage(Readable.from([dummy]));
    expect(header).toMatchObject({ type: 'CKD', units: 0, compressLevel: 0 });
    expect(await buffer(out)).toHaveLength(0);
  });

  it('rejects a bad header with ImageFormatError and closes the input', async () => {
    const input = pieces(Buffer.concat([blanks(64), Buffer.alloc(1000)]), 16);
    await expect(openDiskImage(input)).rejects.toBeInstanceOf(ImageFormatError);
    expect(input.destroyed).toBe(true);
    await expect(openDiskImage(Readable.from([DUMMY]))).rejects.toThrow(
      'not a disk image header: "z/VM CKD Disk Image:           0 CYL"',
    );
  });

  it('fails the disk stream on corrupt gzip data', async () => {
    const file = Buffer.concat([hlenHeader(CKD, '1 CYL', 6), Buffer.from('this is not gzip')]);
    const { disk: out } = await openDiskImage(Readable.from([file]));
    await expect(buffer(out)).rejects.toThrow();
  });

  it('encodes as creatediskimage: header block, then gzip of the whole disk', async () => {
    const h = { type: 'CKD', units: 1, compressLevel: 6 } as const;
    const a = await buffer(encodeDiskImage(pieces(disk, 4096), h));
    const b = await buffer(encodeDiskImage(pieces(disk, 65_536), h));
    expect(a.equals(b)).toBe(true);
    expect(
      a.equals(Buffer.concat([hlenHeader(CKD, '1 CYL', 6), gzipSync(disk, { level: 6 })])),
    ).toBe(true);
    const raw = await buffer(
      encodeDiskImage(Readable.from([disk]), {
        type: 'FBA',
        units: 600,
        compressLevel: 0,
        partition: true,
      }),
    );
    expect(raw.equals(Buffer.concat([hlenHeader(PART, '600 BLK', 0), disk]))).toBe(true);
    const back = await openDiskImage(Readable.from([a]));
    expect((await buffer(back.disk)).equals(disk)).toBe(true);
  });
});
