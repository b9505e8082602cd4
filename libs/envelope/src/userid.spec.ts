import { HvError } from './hv-error.js';
import { isUserid, userid } from './userid.js';

describe('userid(): the one constructor of a Userid', () => {
  it('upper-cases and trims a valid userid', () => {
    expect(userid('linux01')).toBe('LINUX01');
    expect(userid(' Linux01 ')).toBe('LINUX01');
  });

  it.each(['', 'LINUX0001', 'LINUX01 LOGOFF', 'a,b', 'x-y'])('refuses %p', (bad) => {
    expect(isUserid(bad)).toBe(false);
    expect(() => userid(bad)).toThrow(HvError);
  });
});
