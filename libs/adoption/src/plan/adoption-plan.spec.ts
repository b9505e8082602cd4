import type { FcpDeviceInfo } from '#hypervisor';
import type { AdoptionSnapshot, FcpRow } from '#persistence';
import type { ReferenceRecords } from '../reference/reference.types.js';
import { planAdoption } from './adoption-plan.js';
import type { PlanInput, Prefer } from './plan.types.js';

const fcp = (fcpId: string, assignerId = '', connections = 0, tmplId = ''): FcpRow => ({
  fcpId,
  assignerId,
  connections,
  reserved: assignerId ? 1 : 0,
  wwpnNpiv: '',
  wwpnPhy: '',
  chpid: '',
  pchid: '',
  state: '',
  owner: '',
  tmplId,
});
const device = (fcpId: string, owner = 'NONE', state: FcpDeviceInfo['state'] = 'free') => ({
  fcpId: fcpId.toUpperCase(),
  chpid: '50',
  pchid: '02E0',
  state,
  owner,
  wwpnNpiv: 'c05076ddf7000001',
  wwpnPhy: 'c05076ddf7001111',
});

const ref = (): ReferenceRecords => ({
  missing: [],
  guests: [
    {
      id: 'g1',
      userid: 'VM1',
      metadata: 'os_version=rhel9.0',
      netSet: 1,
      comments: '{"migrated": 1, "k": "v"}',
    },
    { id: 'g2', userid: 'VM2', metadata: 'os_version=sles15', netSet: 0, comments: '' },
    { id: 'g3', userid: 'GONE', metadata: '', netSet: 0, comments: '' },
  ],
  images: [
    {
      imagename: 'img',
      imageosdistro: 'RHEL9.0',
      md5sum: 'a'.repeat(32),
      diskSizeUnits: '10:CYL',
      imageSizeInBytes: '100',
      type: 'rootonly',
      comments: null,
    },
  ],
  fcp: {
    fcps: [{ ...fcp('1a00', 'VM1', 1, 't1') }, { ...fcp('1a01', 'GONE', 1, 't1') }, fcp('1a02')],
    templates: [
      {
        id: 't1',
        name: 'tmpl',
        description: '',
        isDefault: false,
        minFcpPathsCount: -1,
        paths: [['1a00', '1a01']],
        storageProviders: [],
      },
    ],
  },
  switches: [
    { userid: 'VM1', interface: '1000', switch: 'VSW1', port: 'p1', comments: null },
    { userid: 'GONE', interface: '1000', switch: null, port: null, comments: null },
  ],
});
const empty = (): AdoptionSnapshot => ({
  guests: [],
  images: [],
  fcps: [],
  templates: [],
  nics: [],
});

const input = (ours: AdoptionSnapshot, prefer?: Prefer): PlanInput => ({
  ref: ref(),
  ours,
  hv: {
    directory: new Set(['VM1', 'VM2']),
    fcps: new Map(['1a00', '1a01', '1a02'].map((id) => [id, device(id)])),
  },
  prefer,
  imageSource: (distro, name) => `/ref/netboot/${distro}/${name}/0100`,
});

describe('planAdoption', () => {
  it('adopts what is new; a guest gone from the directory is skipped with its usage and NICs', () => {
    const plan = planAdoption(input(empty()));
    expect(plan.conflicts).toEqual([]);
    expect(plan.report.guests.adopted).toEqual(['VM1', 'VM2']);
    expect(plan.report.guests.skipped).toEqual([
      { key: 'GONE', reason: "no entry in the hypervisor's directory" },
    ]);
    // the reference's migrated mark becomes our column; the other comments stay
    expect(plan.writes.guests[0]).toEqual({
      id: 'g1',
      userid: 'VM1',
      metadata: 'os_version=rhel9.0',
      netSet: 1,
      comments: '{"k":"v"}',
      migrated: true,
    });
    expect(plan.writes.images[0].imageosdistro).toBe('rhel9.0');
    expect(plan.imageCopies[0].source).toBe('/ref/netboot/RHEL9.0/img/0100');
    const usage = plan.writes.fcps.map((f) => [f.fcpId, f.assignerId, f.connections, f.tmplId]);
    expect(usage).toEqual([
      ['1a00', 'VM1', 1, 't1'],
      ['1a01', '', 0, ''],
    ]);
    expect(plan.writes.fcps[0]).toMatchObject({ chpid: '50', wwpnNpiv: 'c05076ddf7000001' });
    expect(plan.report.fcps.skipped).toEqual([
      { key: '1a02', reason: 'free and in no template: nothing to keep' },
    ]);
    expect(plan.warnings).toEqual([expect.stringContaining('FCP 1a01: usage of GONE')]);
    expect(plan.report.nics.adopted).toEqual(['VM1 1000']);
    expect(plan.report.nics.skipped).toEqual([
      { key: 'GONE 1000', reason: 'the guest has no directory entry' },
    ]);
  });

  it('a second plan over what the first wrote adopts nothing', () => {
    const first = planAdoption(input(empty()));
    const ours: AdoptionSnapshot = {
      guests: first.writes.guests.map(({ id: _id, ...g }) => g),
      images: first.writes.images,
      fcps: first.writes.fcps,
      templates: first.writes.templates,
      nics: first.writes.nics,
    };
    const second = planAdoption(input(ours));
    expect(Object.values(second.writes).flat()).toEqual([]);
    expect(second.report.guests.present).toEqual(['VM1', 'VM2']);
    expect(second.report.fcps.present).toEqual(['1a00', '1a01']);
  });

  describe('conflicts', () => {
    const ours = (): AdoptionSnapshot => ({
      ...empty(),
      guests: [
        { userid: 'VM2', metadata: 'os_version=rhel8', netSet: 0, comments: '{}', migrated: false },
      ],
      images: [{ ...ref().images![0], imageosdistro: 'rhel9.0', md5sum: 'b'.repeat(32) }],
      fcps: [fcp('1a00', 'OTHER', 1, 't9')],
    });

    it('are listed, every one', () => {
      const plan = planAdoption(input(ours()));
      expect(plan.conflicts.map((c) => `${c.kind} ${c.key}`)).toEqual([
        'guests VM2',
        'images img',
        'fcps 1a00',
      ]);
      expect(plan.conflicts[2]).toMatchObject({
        ours: "assigner 'OTHER', reserved 1, connections 1, template 't9'",
        theirs: "assigner 'VM1', reserved 1, connections 1, template 't1'",
      });
    });

    it('--prefer ours keeps ours and reports theirs skipped', () => {
      const plan = planAdoption(input(ours(), 'ours'));
      expect(plan.writes.guests.map((g) => g.userid)).toEqual(['VM1']);
      expect(plan.writes.images).toEqual([]);
      expect(plan.writes.fcps.map((f) => f.fcpId)).toEqual(['1a01']);
      expect(plan.report.guests.skipped[0]).toEqual({
        key: 'VM2',
        reason: "conflict, ours kept (metadata 'os_version=rhel8', net_set 0, comments {})",
      });
    });

    it('--prefer theirs writes theirs', () => {
      const plan = planAdoption(input(ours(), 'theirs'));
      expect(plan.writes.guests.map((g) => g.userid)).toEqual(['VM1', 'VM2']);
      expect(plan.writes.images.map((i) => i.md5sum)).toEqual(['a'.repeat(32)]);
      expect(plan.writes.fcps.find((f) => f.fcpId === '1a00')?.assignerId).toBe('VM1');
    });
  });

  it('reports an attached FCP the hypervisor shows offline or dedicated to another user', () => {
    const i = input(empty());
    i.hv.fcps.set('1a00', device('1a00', 'OTHER', 'active'));
    i.ref.fcp!.fcps.push(fcp('1a03', 'VM2', 1));
    i.hv.fcps.set('1a03', device('1a03', 'NONE', 'offline'));
    const plan = planAdoption(i);
    expect(plan.warnings).toEqual([
      'FCP 1a00: the reference has it attached to VM1, but the hypervisor shows it dedicated to OTHER',
      expect.stringContaining('FCP 1a01: usage of GONE'),
      'FCP 1a03: the reference has it attached to VM2, but it is offline',
    ]);
  });
});
