import { Errors } from '#envelope';
import type { SystemsManagement } from '#hypervisor';
import type { DatabaseFacts } from '../domain/facts.js';
import { HypervisorReader } from './hypervisor-reader.js';
import { strictMock } from '#testing/jest';

const at = new Date();

/** A hypervisor of these directory entries, FCP owners and vswitch grants; counts its reads. */
function hypervisor(
  entries: Record<string, string[]>,
  grants: Record<string, string[]> | null = {},
) {
  const read: string[] = [];
  const hv = strictMock<SystemsManagement>({
    imageNameQueryDM: () => Promise.resolve([...Object.keys(entries), 'GONE9']),
    imageQueryDM: (u: string) => {
      read.push(u);
      if (u === 'GONE9') return Promise.reject(Errors.smapi(400, 4, 'not found'));
      return Promise.resolve(entries[u]);
    },
    systemWwpnQuery: () =>
      Promise.resolve({
        devices: [
          { fcpId: '1A00', owner: 'DRF01', state: 'active' },
          { fcpId: '1A01', owner: 'NONE', state: 'free' },
        ],
      }),
    vswitchNames: () =>
      grants ? Promise.resolve(Object.keys(grants)) : Promise.reject(Errors.smapi(212, 40, 'none')),
    vswitchQuery: (name: string) =>
      Promise.resolve({
        authorizedUsers: [...grants![name], '(NONE)'].map((grantUserid) => ({ grantUserid })),
      }),
  });
  return { reader: new HypervisorReader(hv), read };
}

const db: DatabaseFacts = {
  guests: [
    { userid: 'DRF01', migrated: false, createdAt: at },
    { userid: 'MIG01', migrated: true, createdAt: at },
    { userid: 'GONE9', migrated: false, createdAt: at },
  ],
  nics: [],
  fcps: [
    { fcpId: '1a02', assignerId: 'holder', reserved: 1, connections: 1, tmplId: '' },
    { fcpId: '1a03', assignerId: 'RESV1', reserved: 1, connections: 0, tmplId: '' },
  ],
};

const entries = {
  DRF01: ['USER DRF01'],
  DRFX1: ['USER DRFX1'],
  MIG01: ['USER MIG01'],
  HOLDER: ['USER HOLDER'],
  RESV1: ['USER RESV1'],
  MAINT: ['USER MAINT'],
};

describe('HypervisorReader', () => {
  it("reads the entries of the rows' guests, the prefix's users and FCP holders only", async () => {
    const { reader, read } = hypervisor(entries, { VSW1: ['DRF01'] });
    const facts = await reader.read(db, 'DRF');
    expect(read.sort()).toEqual(['DRF01', 'DRFX1', 'GONE9', 'HOLDER']);
    // a user deleted between the list and its entry is not read, nor an error
    expect([...facts.entries.keys()].sort()).toEqual(['DRF01', 'DRFX1', 'HOLDER']);
    expect(facts.users.has('MAINT')).toBe(true);
    expect([...facts.fcps!]).toEqual([
      ['1a00', { owner: 'DRF01', state: 'active' }],
      ['1a01', { owner: null, state: 'free' }],
    ]);
    expect([...facts.grants!]).toEqual([['VSW1', new Set(['DRF01'])]]);
  });

  it('reads no prefix user without a prefix, and what a scope asks for only', async () => {
    const { reader, read } = hypervisor(entries, null);
    const all = await reader.read(db, '');
    expect(read.sort()).toEqual(['DRF01', 'GONE9', 'HOLDER']);
    expect([...all.grants!]).toEqual([]); // no vswitch defined (212/40)
    read.length = 0;
    const one = await reader.read(db, 'DRF', {
      entriesOf: new Set(['DRFX1']),
      fcps: false,
      grants: false,
    });
    expect(read).toEqual(['DRFX1']);
    expect(one.fcps).toBeNull();
    expect(one.grants).toBeNull();
  });
});
