import { HvError } from '#envelope';
import { detailsFlag, oneQueryValue, POOL_NAME, poolGroup, VOLUME_NAME } from './host-query.js';

describe('host query parameters', () => {
  it('takes at most one value matching the pattern', () => {
    expect(oneQueryValue('poolname', undefined, POOL_NAME)).toBeUndefined();
    expect(oneQueryValue('poolname', 'ECKD:POOL1', POOL_NAME)).toBe('ECKD:POOL1');
    expect(() => oneQueryValue('poolname', 'POOL1', POOL_NAME)).toThrow(HvError);
    expect(() => oneQueryValue('poolname', ['A:B', 'C:D'], POOL_NAME)).toThrow(/too long/);
    expect(oneQueryValue('volumename', 'EV0001', VOLUME_NAME)).toBe('EV0001');
    expect(() => oneQueryValue('volumename', 'EV00011', VOLUME_NAME)).toThrow(/does not match/);
  });

  it('accepts boolean-ish details but only a literal true turns them on', () => {
    expect(detailsFlag(undefined)).toBe(false);
    expect(detailsFlag('TRUE')).toBe(true);
    expect(detailsFlag('yes')).toBe(false);
    expect(detailsFlag('False')).toBe(false);
    expect(() => detailsFlag('maybe')).toThrow(HvError);
  });

  it('names the group of a pool', () => {
    expect(poolGroup('eckd:pool1')).toBe('POOL1');
  });
});
