import { HvError } from '#envelope';
import { displaySize, memoryString, sizeToUnits, vdevPlus } from './disk-size.js';

describe('disk sizes', () => {
  it('converts units with real geometry, rounding up', () => {
    expect(sizeToUnits('1G', 'ECKD')).toBe(1457); // 1 GiB / 737,280 B = 1456.4
    expect(sizeToUnits('512m', 'FBA')).toBe(1_048_576);
    expect(sizeToUnits('3338', 'ECKD')).toBe(3338);
  });

  it('rejects unreadable sizes as input errors', () => {
    expect(() => sizeToUnits('1T', 'ECKD')).toThrow(HvError);
    expect(() => sizeToUnits('0', 'ECKD')).toThrow(/whole number/);
  });

  it('echoes sizes with a unit and converts bare numbers', () => {
    expect(displaySize('2g', 'ECKD')).toBe('2g');
    expect(displaySize('3338', 'ECKD')).toBe('2.3G');
    expect(displaySize('2048', 'FBA')).toBe('1.0M');
  });

  it('writes memory and device numbers the directory way', () => {
    expect(memoryString(2048)).toBe('2G');
    expect(memoryString(1000)).toBe('1000M');
    expect(vdevPlus('0100', 1)).toBe('0101');
    expect(vdevPlus('00FF', 1)).toBe('0100');
  });
});
