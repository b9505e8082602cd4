import {
  expandFcpList,
  FcpListSyntaxError,
  shrinkFcpList,
  splitSingleAndRange,
} from './fcp-list.js';

describe('fcp_devices syntax', () => {
  it('expands paths, items and ranges to 4-digit lower-case ids', () => {
    expect(expandFcpList(' 1A00-1A02, 1a05 ; 1B0 ,1B01-1B01')).toEqual([
      ['1a00', '1a01', '1a02', '1a05'],
      ['01b0', '1b01'],
    ]);
    expect(expandFcpList('')).toEqual([]);
    expect(expandFcpList('1a00;')).toEqual([['1a00']]);
  });

  it.each(['1a00-', 'xyz', '1a05-1a00', '12345', '1a00--1a01', '1a00;;1b00'])(
    'rejects %s',
    (bad) => {
      expect(() => expandFcpList(bad)).toThrow(FcpListSyntaxError);
    },
  );

  it('shrinks to upper-case ranges and singles', () => {
    expect(shrinkFcpList(['1a0a', '1a0b', '1a0c', '1a0e'])).toBe('1A0A - 1A0C, 1A0E');
    expect(shrinkFcpList([])).toBe('');
    expect(splitSingleAndRange(['1a00', '1a01', '1a03', '1a05', '1a06', '1a07'])).toEqual({
      single: '1A03',
      range: '1A00 - 1A01, 1A05 - 1A07',
    });
  });
});
