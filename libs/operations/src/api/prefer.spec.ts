import { parsePrefer, preferenceApplied } from './prefer.js';

describe('Prefer header', () => {
  it('reads respond-async and wait', () => {
    expect(parsePrefer('respond-async')).toEqual({ respondAsync: true });
    expect(parsePrefer('wait=5')).toEqual({ respondAsync: false, wait: 5 });
    expect(parsePrefer(['respond-async, wait=10'])).toEqual({ respondAsync: true, wait: 10 });
    expect(parsePrefer(undefined)).toEqual({ respondAsync: false });
    expect(parsePrefer('wait=soon')).toEqual({ respondAsync: false });
    expect(parsePrefer('respond-async; handling=strict')).toEqual({
      respondAsync: true,
      strict: true,
    });
  });

  it('says which preference was applied', () => {
    expect(preferenceApplied({ respondAsync: true, wait: 3 })).toBe('respond-async');
    expect(preferenceApplied({ respondAsync: false, wait: 3 })).toBe('wait=3');
    expect(preferenceApplied({ respondAsync: false })).toBeUndefined();
    expect(preferenceApplied({ respondAsync: true, strict: true })).toBe(
      'respond-async, handling=strict',
    );
  });
});
