import { compare } from './compare.js';
import type { DatabaseFacts, FcpFact, HypervisorFacts } from './facts.js';

const at = new Date('2026-01-02T03:04:05.000Z');

function hv(over: Partial<HypervisorFacts> = {}): HypervisorFacts {
  return { users: new Set(), entries: new Map(), fcps: new Map(), grants: new Map(), ...over };
}
function db(over: Partial<DatabaseFacts> = {}): DatabaseFacts {
  return { guests: [], nics: [], fcps: [], ...over };
}
const guest = (userid: string, migrated = false) => ({ userid, migrated, createdAt: at });
const fcp = (fcpId: string, over: Partial<FcpFact> = {}): FcpFact => ({
  fcpId,
  assignerId: '',
  reserved: 0,
  connections: 0,
  tmplId: '',
  ...over,
});
const kinds = (items: { kind: string; id: string }[]) => items.map((i) => `${i.kind} ${i.id}`);

describe('compare', () => {
  it('reports a directory user of the prefix no row knows, and nobody outside the prefix', () => {
    const items = compare(
      hv({ users: new Set(['DRF01', 'DRFX1', 'MAINT', 'TCPIP']) }),
      db({ guests: [guest('DRF01')] }),
      'DRF',
    );
    expect(items).toEqual([
      {
        kind: 'guest_unknown',
        id: 'DRFX1',
        hypervisor: { userid: 'DRFX1', in_directory: true },
        database: null,
        userid: 'DRFX1',
      },
    ]);
  });

  it('compares no directory user without a prefix, but still every row', () => {
    const items = compare(
      hv({ users: new Set(['DRFX1', 'MAINT']) }),
      db({ guests: [guest('GONE1')] }),
      '',
    );
    expect(items).toEqual([
      {
        kind: 'guest_missing',
        id: 'GONE1',
        hypervisor: null,
        database: { userid: 'GONE1', created_at: at.toISOString() },
        userid: 'GONE1',
      },
    ]);
  });

  it('takes a row of a guest migrated away as known, and does not miss its entry', () => {
    const items = compare(
      hv({ users: new Set(['DRF02']) }),
      db({ guests: [guest('DRF02', true), guest('DRF03', true)] }),
      'DRF',
    );
    expect(items).toEqual([]);
  });

  it("compares each managed guest's NICDEFs with its NIC rows, by device number", () => {
    const entries = new Map([
      [
        'DRF01',
        [
          'USER DRF01 XXX 1G 2G G',
          'NICDEF 1000 TYPE QDIO LAN SYSTEM VSW1',
          'NICDEF 2000 TYPE QDIO',
          'NICDEF 2000 LAN SYSTEM VSW2',
          'NICDEF 3000 TYPE QDIO',
        ],
      ],
    ]);
    const nics = [
      { userid: 'DRF01', interface: '1000', switch: 'vsw1', port: 'p1' },
      { userid: 'DRF01', interface: '02000', switch: 'VSW1', port: null },
      { userid: 'DRF01', interface: '4000', switch: null, port: null },
    ];
    const grants = new Map([
      ['VSW1', new Set(['DRF01'])],
      ['VSW2', new Set(['DRF01'])],
    ]);
    const items = compare(
      hv({ users: new Set(['DRF01']), entries, grants }),
      db({ guests: [guest('DRF01')], nics }),
      'DRF',
    );
    expect(items).toEqual([
      {
        kind: 'nic_differs',
        id: 'DRF01.2000',
        hypervisor: { vdev: '2000', vswitch: 'VSW2' },
        database: { vdev: '02000', vswitch: 'VSW1', port: null },
        userid: 'DRF01',
      },
      {
        kind: 'nic_differs',
        id: 'DRF01.3000',
        hypervisor: { vdev: '3000', vswitch: null },
        database: null,
        userid: 'DRF01',
      },
      {
        kind: 'nic_differs',
        id: 'DRF01.4000',
        hypervisor: null,
        database: { vdev: '4000', vswitch: null, port: null },
        userid: 'DRF01',
      },
    ]);
  });

  it('does not compare the NICs of a guest whose directory was not read', () => {
    const nics = [{ userid: 'DRF01', interface: '1000', switch: null, port: null }];
    const items = compare(
      hv({ users: new Set(['DRF01']) }),
      db({ guests: [guest('DRF01')], nics }),
      '',
    );
    expect(items).toEqual([]);
  });

  it('reports FCPs dedicated there but not held here, and held here but not dedicated', () => {
    const entries = new Map([
      ['DRF01', ['USER DRF01 X 1G 1G G', 'DEDICATE 1A01 1A01', 'DEDICATE 1A02 1A02']],
      ['DRF02', ['USER DRF02 X 1G 1G G']],
    ]);
    const fcps = new Map([
      ['1a01', { owner: null, state: 'free' }],
      ['1a02', { owner: null, state: 'free' }],
      ['1a03', { owner: 'OTHERVM', state: 'active' }],
      ['1a04', { owner: null, state: 'free' }],
      ['1a05', { owner: null, state: 'free' }],
      ['1a06', { owner: null, state: 'free' }],
    ]);
    const rows = [
      fcp('1a01'), // dedicated to DRF01, free here
      fcp('1a02', { assignerId: 'DRF01', reserved: 1 }), // reserved for its owner: agrees
      fcp('1a03'), // dedicated outside the service
      fcp('1a04', { assignerId: 'DRF02', reserved: 1, connections: 1, tmplId: 't' }), // gone there
      fcp('1a05', { assignerId: 'DRF02', reserved: 1 }), // only reserved: agrees
      fcp('1a06', { assignerId: 'NOTYET', reserved: 1, connections: 1 }), // guest not created yet
      fcp('1a07'), // unknown to the hypervisor, free here: agrees
    ];
    const items = compare(
      hv({ users: new Set(['DRF01', 'DRF02']), entries, fcps }),
      db({ guests: [guest('DRF01'), guest('DRF02')], fcps: rows }),
      '',
    );
    expect(items).toEqual([
      {
        kind: 'fcp_dedicated_unrecorded',
        id: '1a01',
        hypervisor: { owner: 'DRF01', state: 'free' },
        database: { assigner_id: '', reserved: 0, connections: 0, template_id: '' },
        userid: 'DRF01',
      },
      {
        kind: 'fcp_dedicated_unrecorded',
        id: '1a03',
        hypervisor: { owner: 'OTHERVM', state: 'active' },
        database: { assigner_id: '', reserved: 0, connections: 0, template_id: '' },
        userid: 'OTHERVM',
      },
      {
        kind: 'fcp_recorded_undedicated',
        id: '1a04',
        hypervisor: { owner: null, state: 'free' },
        database: { assigner_id: 'DRF02', reserved: 1, connections: 1, template_id: 't' },
        userid: 'DRF02',
      },
    ]);
  });

  it('compares no FCP when the hypervisor side was not read', () => {
    const rows = [fcp('1a04', { assignerId: 'DRF02', connections: 1 })];
    const items = compare(
      hv({ users: new Set(['DRF02']), fcps: null }),
      db({ guests: [guest('DRF02')], fcps: rows }),
      '',
    );
    expect(items).toEqual([]);
  });

  it("reports a prefix user's grant no row knows, and a coupled NIC whose guest is not granted", () => {
    const grants = new Map([
      ['VSW1', new Set(['DRFX9', 'DRF01', 'MAINT'])],
      ['VSW2', new Set<string>()],
    ]);
    const nics = [
      { userid: 'DRF01', interface: '1000', switch: 'VSW1', port: null },
      { userid: 'DRF01', interface: '2000', switch: 'VSW2', port: null },
      { userid: 'DRF01', interface: '3000', switch: 'GONESW', port: null },
    ];
    const items = compare(
      hv({ users: new Set(['DRF01']), grants }),
      db({ guests: [guest('DRF01')], nics }),
      'DRF',
    );
    expect(kinds(items)).toEqual([
      'vswitch_grant_differs GONESW.DRF01',
      'vswitch_grant_differs VSW1.DRFX9',
      'vswitch_grant_differs VSW2.DRF01',
    ]);
    expect(items[0]).toMatchObject({
      hypervisor: { granted: false, vswitch_defined: false },
      database: { guest: true, coupled_nics: ['3000'] },
      vswitch: 'GONESW',
    });
    expect(items[1]).toMatchObject({
      hypervisor: { granted: true, vswitch_defined: true },
      database: { guest: false, coupled_nics: [] },
      userid: 'DRFX9',
    });
  });

  it('finds nothing when both sides agree', () => {
    const entries = new Map([
      ['DRF01', ['NICDEF 1000 TYPE QDIO LAN SYSTEM VSW1', 'DEDICATE 1A00 1A00']],
    ]);
    const items = compare(
      hv({
        users: new Set(['DRF01', 'MAINT']),
        entries,
        fcps: new Map([['1a00', { owner: 'DRF01', state: 'active' }]]),
        grants: new Map([['VSW1', new Set(['DRF01'])]]),
      }),
      db({
        guests: [guest('DRF01')],
        nics: [{ userid: 'DRF01', interface: '1000', switch: 'VSW1', port: null }],
        fcps: [fcp('1a00', { assignerId: 'DRF01', reserved: 1, connections: 2 })],
      }),
      'DRF',
    );
    expect(items).toEqual([]);
  });
});
