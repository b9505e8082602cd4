import { coupledDirectory, isCoupledTo, isNicdefOf } from './nicdef-line.js';

describe('NICDEF rewriting for a couple', () => {
  const dir = [
    'USER VM1 PW 1G 2G G',
    'NICDEF 1000 TYPE QDIO DEVICES 3 MACID 12AB34',
    'NICDEF 1000 LAN SYSTEM OLD',
    'NICDEF 1003 TYPE QDIO',
    'MDISK 0100 3390 1 10 VOL001 MR',
  ];

  it('matches device numbers as numbers', () => {
    expect(isNicdefOf('NICDEF 0800 TYPE QDIO', '800')).toBe(true);
    expect(isNicdefOf('NICDEF 0800 TYPE QDIO', '801')).toBe(false);
    expect(isNicdefOf('MDISK 0800 3390', '800')).toBe(false);
  });

  it('writes one statement with the vswitch, DEVICES and MACID kept and the VLAN when given', () => {
    expect(coupledDirectory(dir, '1000', 'VSW1', 10)).toEqual([
      dir[0],
      'NICDEF 1000 TYPE QDIO LAN SYSTEM VSW1 DEVICES 3 MACID 12AB34 VLAN 10 PORTTYPE ACCESS',
      dir[3],
      dir[4],
    ]);
    expect(coupledDirectory(dir, '1003', 'VSW1', -1)?.[3]).toBe(
      'NICDEF 1003 TYPE QDIO LAN SYSTEM VSW1',
    );
    expect(coupledDirectory(dir, '2000', 'VSW1', -1)).toBeUndefined();
  });

  it('sees an existing coupling to the same vswitch only', () => {
    expect(isCoupledTo(dir, '1000', 'OLD')).toBe(true);
    expect(isCoupledTo(dir, '1000', 'OL')).toBe(false);
    expect(isCoupledTo(dir, '1003', 'OLD')).toBe(false);
  });
});
