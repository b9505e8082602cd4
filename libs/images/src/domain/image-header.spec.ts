import type { HvError } from '#envelope';
import { hexdumpC, imageDiskSizeUnits } from './image-header.js';

/*
 * Headers written out from the reference's layouts (not with our formatter): zthin
 * creatediskimage writes the tag at 0..19, `<size> <unit>` right-aligned in 20..35,
 * ` HLen: 0055 GZIP: <n>`, then blanks to 512 bytes; our older form had ` GZIP: <n>` at 36 and
 * blanks to 64; the reference's FVT dummy is 55 bytes with a `z/VM` tag and size 0.
 */
const sized = (n: number, tag: string, size: string) => {
  const b = Buffer.alloc(n, 0x20);
  b.write(tag, 0, 'latin1');
  b.write(size, 36 - size.length, 'latin1');
  return b;
};
const hlen = (tag: string, size: string, level: number) => {
  const b = sized(512, tag, size);
  b.write(` HLen: 0055 GZIP: ${level}`, 36, 'latin1');
  return b;
};
const legacy = (tag: string, size: string, level: number) => {
  const b = sized(64, tag, size);
  b.write(` GZIP: ${level}`, 36, 'latin1');
  return b;
};
const dummy = (type: 'CKD' | 'FBA', unit: 'CYL' | 'BLK') =>
  Buffer.from(`z/VM ${type} Disk Image:           0 ${unit} HLen: 0055 GZIP: 0`, 'latin1');

const rsOf = (head: Buffer) => {
  try {
    return imageDiskSizeUnits(head);
  } catch (e) {
    return (e as HvError).rs;
  }
};

describe('hexdumpC', () => {
  it('prints as hexdump -C: offset, two groups of 8, the text between bars, end offset', () => {
    expect(hexdumpC(Buffer.from('xCAT CKD Disk Image:\t\x80~', 'latin1'))).toBe(
      '00000000  78 43 41 54 20 43 4b 44  20 44 69 73 6b 20 49 6d  |xCAT CKD Disk Im|\n' +
        '00000010  61 67 65 3a 09 80 7e                              |age:..~|\n' +
        '00000017\n',
    );
  });

  it('squeezes a line equal to the one before it, not a short last one', () => {
    const ab = Buffer.from(`ab${' '.repeat(14)}ab${' '.repeat(14)}ab`, 'latin1');
    expect(hexdumpC(ab)).toBe(
      '00000000  61 62 20 20 20 20 20 20  20 20 20 20 20 20 20 20  |ab              |\n' +
        '*\n' +
        '00000020  61 62                                             |ab|\n' +
        '00000022\n',
    );
    expect(hexdumpC(Buffer.alloc(0))).toBe('');
  });
});

describe('imageDiskSizeUnits (the reference import: hexdump -n 48 -C, fixed offsets)', () => {
  it('reads what creatediskimage writes (HLen): CKD, FBA disk and FBA partition', () => {
    expect(rsOf(hlen('xCAT CKD Disk Image:', '3338 CYL', 6))).toBe('3338:CYL');
    expect(rsOf(hlen('xCAT FBA Disk Image:', '2048 BLK', 0))).toBe('2048:BLK');
    expect(rsOf(hlen('xCAT FBA Part Image:', '4194200 BLK', 6))).toBe('4194200:BLK');
  });

  it('reads our older 64-byte form and the version-1 form', () => {
    expect(rsOf(legacy('xCAT CKD Disk Image:', '10 CYL', 6))).toBe('10:CYL');
    expect(rsOf(legacy('xCAT FBA Disk Image:', '2048 BLK', 0))).toBe('2048:BLK');
    const v1 = Buffer.concat([sized(36, 'xCAT CKD Disk Image:', '3338 CYL'), Buffer.alloc(20)]);
    expect(rsOf(v1)).toBe('3338:CYL');
  });

  it("records the reference's FVT dummy as 0:CYL (0:BLK for FBA)", () => {
    expect(rsOf(dummy('CKD', 'CYL'))).toBe('0:CYL');
    expect(rsOf(dummy('FBA', 'BLK'))).toBe('0:BLK');
  });

  it('takes the size as int() and the unit as the three bytes there, whatever they are', () => {
    expect(rsOf(hlen('xCAT CKD Disk Image:', '0010 CYL', 6))).toBe('10:CYL');
    expect(rsOf(hlen('xCAT CKD Disk Image:', '+1_000 TRK', 6))).toBe('1000:TRK');
  });

  it('answers rs 6 without a size there, rs 7 when neither CKD nor FBA is in the dump', () => {
    expect(rsOf(Buffer.from('just some bytes'))).toBe(6);
    expect(rsOf(Buffer.from('xCAT CKD Disk Image:', 'latin1'))).toBe(6);
    expect(rsOf(hlen('xCAT CKD Disk Image:', 'abcd CYL', 6))).toBe(6);
    expect(rsOf(hlen('xCAT CKD Disk Image:', '10 0 CYL', 6))).toBe(6);
    expect(rsOf(Buffer.alloc(64, 0x20))).toBe(6); // squeezed: no second line to read
    expect(rsOf(hlen('xCAT XYZ Disk Image:', '10 CYL', 6))).toBe(7);
    expect(rsOf(hlen('xCAT FCP Disk Image:', '2097152 BLK', 0))).toBe(7);
  });
});
