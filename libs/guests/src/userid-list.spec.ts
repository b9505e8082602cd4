import { HvError } from '#envelope';
import { parseUseridList } from './userid-list.js';

describe('parseUseridList', () => {
  it('reads one or several userids, ignoring spaces and stray commas at the ends', () => {
    expect(parseUseridList('linux01')).toEqual(['LINUX01']);
    expect(parseUseridList(' ,linux01, Linux02 ,linux01,')).toEqual(['LINUX01', 'LINUX02']);
    expect(parseUseridList('a, b')).toEqual(['A', 'B']);
  });

  it('reads a missing or blank parameter as no userids', () => {
    expect(parseUseridList(undefined)).toEqual([]);
    expect(parseUseridList(' , ')).toEqual([]);
  });

  it('refuses anything that is not a list of userids, naming the bad one', () => {
    for (const bad of ['@@@@@123456789', 'abc, @@@@@', 'a,,b', 'toolonguser', ['a']]) {
      expect(() => parseUseridList(bad)).toThrow(HvError);
    }
    expect(() => parseUseridList('abc,@@@')).toThrow(/'@@@' is not a userid/);
  });
});
