import { HvError } from './hv-error.js';
import { isUserid, toUserid } from './userid.js';
import { UseridPipe } from './userid.pipe.js';

describe('toUserid(): the one constructor of a Userid', () => {
  it('upper-cases a userid', () => {
    expect(toUserid('linux01')).toBe('LINUX01');
    expect(toUserid('LINUX01')).toBe('LINUX01');
  });

  it.each(['', ' linux01', 'LINUX0001', 'LINUX01 LOGOFF', 'a,b', 'x-y', 'A$B'])(
    'refuses %p by the reference userid pattern',
    (bad) => {
      expect(isUserid(bad)).toBe(false);
      expect(() => toUserid(bad)).toThrow(HvError);
    },
  );

  it("checks a route's {userid} by the reference's userid-list pattern, then trims", () => {
    expect(toUserid(' linux01 ', 'path')).toBe('LINUX01');
    // a comma list passes there, as in the reference: it names no guest
    expect(toUserid('a, b', 'path')).toBe('A, B');
    expect(isUserid('a-b', 'path')).toBe(false);
  });
});

describe('UseridPipe', () => {
  const pipe = new UseridPipe();

  it('answers a Userid', () => {
    expect(pipe.transform(' Linux01')).toBe('LINUX01');
  });

  it("refuses what the reference's path rule refuses, in its words", () => {
    expect(() => pipe.transform(';id')).toThrow(
      "Invalid input for query parameters userid. Value: ';id'. ';id' does not match " +
        "'^(\\s*[a-zA-Z0-9]{1,8}\\s*)(,\\s*[a-zA-Z0-9]{1,8}\\s*)*$'",
    );
  });
});
