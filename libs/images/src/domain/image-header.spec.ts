import type { HvError } from '#envelope';
import { formatImageHeader } from '#hypervisor';
import { imageDiskSizeUnits } from './image-header.js';

describe('imageDiskSizeUnits', () => {
  it('reads <n>:CYL and <n>:BLK from a header', () => {
    const ckd = formatImageHeader({ type: 'CKD', units: 3338, compressLevel: 6 });
    expect(imageDiskSizeUnits(ckd)).toBe('3338:CYL');
    const fba = formatImageHeader({ type: 'FBA', units: 2048, compressLevel: 0 });
    expect(imageDiskSizeUnits(Buffer.concat([fba, Buffer.from('data')]))).toBe('2048:BLK');
  });

  const rsOf = (text: string) => {
    try {
      imageDiskSizeUnits(Buffer.from(text.padEnd(64), 'latin1'));
      return 0;
    } catch (e) {
      return (e as HvError).rs;
    }
  };

  it('answers rs 6 without size or units, rs 7 for another disk type', () => {
    expect(rsOf('just some bytes')).toBe(6);
    expect(rsOf('xCAT CKD Disk Image:        abcd CYL GZIP: 6')).toBe(6);
    expect(rsOf('xCAT CKD Disk Image:          10 TRK GZIP: 6')).toBe(6);
    expect(rsOf('xCAT XYZ Disk Image:          10 CYL GZIP: 6')).toBe(7);
  });
});
