import { nicDefs, nicDevices, nicdefStatement, withNicdef } from './nicdef.js';

describe('NICDEF statements', () => {
  const dir = [
    'USER LINUX01 LBYONLY 2G 4G G',
    'NICDEF 1000 TYPE QDIO DEVICES 3 MACID 12ab34',
    // the reference's couple adds a second statement for the same NIC: z/VM merges them
    'NICDEF 1000 LAN SYSTEM VSW1 VLAN 10 PORTTYPE ACCESS',
    'NICDEF 1003 TYPE QDIO',
    'MDISK 0100 3390 1 10 VOL001 MR',
  ];

  it('reads each NIC with its operands merged', () => {
    expect([...nicDefs(dir).values()]).toEqual([
      {
        vdev: '1000',
        type: 'QDIO',
        devices: 3,
        macId: '12AB34',
        vswitch: 'VSW1',
        vlan: 10,
        portType: 'ACCESS',
      },
      { vdev: '1003', type: 'QDIO' },
    ]);
  });

  it('writes one statement in z/VM order, replacing or removing a NIC in place', () => {
    const nic = nicDefs(dir).get('1000')!;
    expect(nicdefStatement(nic)).toBe(
      'NICDEF 1000 TYPE QDIO LAN SYSTEM VSW1 DEVICES 3 MACID 12AB34 VLAN 10 PORTTYPE ACCESS',
    );
    expect(withNicdef(dir, '1000', { vdev: '1000', type: 'QDIO' })).toEqual([
      dir[0],
      'NICDEF 1000 TYPE QDIO',
      dir[3],
      dir[4],
    ]);
    expect(withNicdef(dir, '1003', undefined)).toEqual(dir.filter((l) => !l.includes('1003')));
    expect(withNicdef(['USER X'], '2000', { vdev: '2000', type: 'QDIO' })).toEqual([
      'USER X',
      'NICDEF 2000 TYPE QDIO',
    ]);
  });

  it('gives a QDIO NIC three device numbers, none past FFFF', () => {
    expect(nicDevices('0FFF')).toEqual(['0FFF', '1000', '1001']);
    expect(nicDevices('FFFD')).toEqual(['FFFD', 'FFFE', 'FFFF']);
    expect(nicDevices('FFFE')).toBeUndefined();
  });
});
