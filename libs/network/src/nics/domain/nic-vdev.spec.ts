import { HvError } from '#envelope';
import { chooseNicVdev } from './nic-vdev.js';

describe('chooseNicVdev', () => {
  const choose = (existing: string[], given?: string) =>
    chooseNicVdev('VM1', existing, given, '1000');

  it('starts at the default, then takes the highest (as a string) + 3, unpadded', () => {
    expect(choose([])).toBe('1000');
    expect(choose([], '0800')).toBe('0800');
    expect(choose(['1000'])).toBe('1003');
    expect(choose(['1000', '1003', '1006', '1009'])).toBe('100c');
    expect(choose(['100c', '1009'])).toBe('100f');
    // string max, as the reference: "FFF" sorts above "1000"
    expect(choose(['1000', 'FFF'])).toBe('1002');
    expect(choose(['800'])).toBe('803');
  });

  it('refuses a given number overlapping a NIC (409 rs 6) and numbers without room (400)', () => {
    const conflict = (() => {
      try {
        return choose(['1000'], '1002');
      } catch (e) {
        return e as HvError;
      }
    })() as HvError;
    expect(conflict).toMatchObject({ overallRC: 409, rs: 6, modID: 20 });
    expect(choose(['1000'], '1003')).toBe('1003');
    expect(choose(['1000'], '0FFD')).toBe('0FFD');
    expect(() => choose(['1000'], '0FFE')).toThrow(HvError);
    expect(() => choose(['FFFB'])).toThrow(/FFFE|fffe/);
    expect(choose([], 'FFFD')).toBe('FFFD');
    expect(() => choose([], 'FFFE')).toThrow(/not valid/);
  });
});
