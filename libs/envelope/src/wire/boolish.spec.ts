import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { Boolish, boolish, Integerish } from './boolish.js';

class Sample {
  @Boolish() flag?: unknown;
  @Integerish() count?: unknown;
}

describe('boolean-ish and integer-ish values', () => {
  it('reads the reference spellings and leaves anything else undecided', () => {
    for (const t of [true, 1, 'true', 'True', 'TRUE', '1', 'on', 'ON', 'yes', 'Yes']) {
      expect(boolish(t)).toBe(true);
    }
    for (const f of [false, 0, 'false', 'False', '0', 'off', 'Off', 'no', 'NO']) {
      expect(boolish(f)).toBe(false);
    }
    for (const x of ['tRUE', 'y', '', 2, null, undefined, {}]) expect(boolish(x)).toBeUndefined();
  });

  it('converts DTO fields and leaves bad values for validation to name', () => {
    expect(plainToInstance(Sample, { flag: 'Yes', count: '12' })).toEqual({
      flag: true,
      count: 12,
    });
    expect(plainToInstance(Sample, { flag: 'maybe', count: '1.5' })).toEqual({
      flag: 'maybe',
      count: '1.5',
    });
  });
});
