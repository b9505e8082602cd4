import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { WwpnQueryOutput } from '#hypervisor';
import { LINUX01, startHarness, type Harness } from '../testing/simulator.harness.js';
import { loadFcpInventory } from './fcp-inventory.config.js';
import { DEFAULT_FCP_INVENTORY } from '../state/fcp.inventory.js';

describe('FCP inventory', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness({ systemId: 'SIMX' });
  });
  afterEach(() => h.close());

  it('System_WWPN_Query lists 1A00-1A0F and 1B00-1B0F with channel paths and WWPNs', async () => {
    const r = await h.smapi<WwpnQueryOutput>('System_WWPN_Query', '*');
    expect(r.rc).toBe(0);
    const devices = r.output?.devices ?? [];
    expect(devices).toHaveLength(32);
    expect(devices[0]).toEqual({
      fcpId: '1A00',
      chpid: '27',
      pchid: '02E0',
      state: 'free',
      owner: 'NONE',
      wwpnNpiv: 'c05076de33001a00',
      wwpnPhy: 'c05076de33000027',
    });
    const byId = Object.fromEntries(devices.map((d) => [d.fcpId, d]));
    expect(byId['1A0F']?.state).toBe('offline');
    expect(byId['1B0F']).toMatchObject({ state: 'active', owner: 'OTHERVM' });
    expect(new Set(devices.map((d) => d.wwpnNpiv)).size).toBe(32);
    expect(r.output).toMatchObject({ cpcSn: expect.any(String), lpar: expect.any(String) });
  });

  it('the admin API shows the inventory and the storage targets', async () => {
    const r = await h.http('GET', '/admin/fcp');
    expect(r.status).toBe(200);
    expect(r.body.devices).toHaveLength(32);
    expect(r.body.storageTargets[0].wwpn).toMatch(/^0x[0-9a-f]{16}$/);
  });

  it('the admin API varies an FCP off and on line, not while dedicated', async () => {
    const off = await h.http('PUT', '/admin/fcp/1a03', { online: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ fcpId: '1A03', state: 'offline', owner: null });
    const q = await h.smapi<WwpnQueryOutput>('System_WWPN_Query', '*');
    expect(q.output?.devices.find((d) => d.fcpId === '1A03')?.state).toBe('offline');
    expect((await h.http('PUT', '/admin/fcp/1a03', { online: true })).body.state).toBe('free');
    expect((await h.http('PUT', '/admin/fcp/1b0f', { online: false })).status).toBe(409);
    expect((await h.http('PUT', '/admin/fcp/1c00', { online: false })).status).toBe(404);
    expect((await h.http('PUT', '/admin/fcp/1a03', { online: 'no' })).status).toBe(400);
  });

  it('dedicates an FCP to one user at a time and takes it back', async () => {
    const fcp = async (id: string) =>
      (await h.smapi<WwpnQueryOutput>('System_WWPN_Query', '*')).output?.devices.find(
        (d) => d.fcpId === id,
      );
    await h.smapi('Image_Create_DM', 'LINUX01', { directory: LINUX01 });
    const ok = await h.smapi('Image_Device_Dedicate_DM', 'LINUX01', {
      vdev: '1a00',
      realDevice: '1a00',
    });
    expect(ok.rc).toBe(0);
    // dedicated in the directory; CP shows it in use only while LINUX01 is logged on
    expect(await fcp('1A00')).toMatchObject({ state: 'free', owner: 'NONE' });
    expect((await h.smapi('Image_Activate', 'LINUX01')).rc).toBe(0);
    expect(await fcp('1A00')).toMatchObject({ state: 'active', owner: 'LINUX01' });
    expect((await h.smapi('Image_Deactivate', 'LINUX01', { immediate: true })).rc).toBe(0);
    expect(await fcp('1A00')).toMatchObject({ state: 'free', owner: 'NONE' });
    const directory = async () =>
      (await h.smapi<string[]>('Image_Query_DM', 'LINUX01')).output ?? [];
    expect(await directory()).toContain('DEDICATE 1A00 1A00');
    // again: a no-op, one statement
    await h.smapi('Image_Device_Dedicate_DM', 'LINUX01', { vdev: '1a00', realDevice: '1a00' });
    expect((await directory()).filter((l) => l.startsWith('DEDICATE'))).toHaveLength(1);
    const busy = await h.smapi('Image_Device_Dedicate_DM', 'OTHERVM', { realDevice: '1b0f' });
    expect(busy.rc).toBe(400); // no such user
    await h.smapi('Image_Create_DM', 'LINUX02', {
      directory: LINUX01.map((l) => l.replace('LINUX01', 'LINUX02')),
    });
    expect((await h.smapi('Image_Device_Dedicate_DM', 'LINUX02', { realDevice: '1a00' })).rs).toBe(
      28,
    );
    expect((await h.smapi('Image_Device_Dedicate_DM', 'LINUX02', { realDevice: '1a0f' })).rs).toBe(
      28,
    );
    expect((await h.smapi('Image_Device_Undedicate_DM', 'LINUX02', { vdev: '1a00' })).rs).toBe(8);
    expect((await h.smapi('Image_Device_Undedicate_DM', 'LINUX01', { vdev: '1A00' })).rc).toBe(0);
    expect((await directory()).some((l) => l.startsWith('DEDICATE'))).toBe(false);

    // a vdev taken by another device; a deleted user's FCPs go back to the system
    await h.smapi('Image_Create_DM', 'LINUX03', {
      directory: ['USER LINUX03 PW 1G 2G G', 'SPECIAL 1A01 QDIO 3 SYSTEM VSW1'],
    });
    expect(
      (await h.smapi('Image_Device_Dedicate_DM', 'LINUX03', { vdev: '1a01', realDevice: '1a01' }))
        .rs,
    ).toBe(4);
    expect((await h.smapi('Image_Device_Dedicate_DM', 'LINUX02', { realDevice: '1a01' })).rc).toBe(
      0,
    );
    const dedicatedTo = async (id: string) =>
      (await h.http('GET', '/admin/fcp')).body.devices.find(
        (d: { fcpId: string }) => d.fcpId === id,
      ).owner;
    expect(await dedicatedTo('1A01')).toBe('LINUX02');
    expect((await h.smapi('Image_Delete_DM', 'LINUX02')).rc).toBe(0);
    expect(await dedicatedTo('1A01')).toBeNull();
    expect(await fcp('1A00')).toMatchObject({ state: 'free', owner: 'NONE' });
  });
});

describe('FCP inventory from configuration', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fcp-inv-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const file = async (name: string, body: unknown) => {
    const path = join(dir, name);
    await writeFile(path, typeof body === 'string' ? body : JSON.stringify(body));
    return path;
  };

  it('serves the devices and storage targets of the file, and the admin API shows them', async () => {
    const path = await file('inv.json', {
      cpc: { name: 'OTHERCPC' },
      channels: [
        { chpid: '40', pchid: '0100', first: '5c00', count: 2 },
        { chpid: '41', pchid: '0104', first: '5d00', count: 3 },
      ],
      offline: ['5D02'],
      usedOutside: { '5c01': 'zvmuser' },
      storageTargets: [
        { wwpn: '0x500507680B21BAC6', luns: ['0x0000000000000000'], chpids: ['40'] },
      ],
    });
    const h = await startHarness({ fcpInventory: path });
    try {
      const r = await h.smapi<WwpnQueryOutput>('System_WWPN_Query', '*');
      expect(r.output?.cpcName).toBe('OTHERCPC');
      expect(r.output?.cpcSn).toBe(DEFAULT_FCP_INVENTORY.cpc.sn);
      expect(r.output?.devices.map((d) => [d.fcpId, d.chpid, d.pchid, d.state, d.owner])).toEqual([
        ['5C00', '40', '0100', 'free', 'NONE'],
        ['5C01', '40', '0100', 'active', 'ZVMUSER'],
        ['5D00', '41', '0104', 'free', 'NONE'],
        ['5D01', '41', '0104', 'free', 'NONE'],
        ['5D02', '41', '0104', 'offline', 'NONE'],
      ]);
      const admin = (await h.http('GET', '/admin/fcp')).body;
      expect(admin.channels).toHaveLength(2);
      expect(admin.storageTargets).toEqual([
        { wwpn: '0x500507680b21bac6', luns: ['0x0000000000000000'], chpids: ['40'] },
      ]);
      // the target is behind CHPID 40 only: 5D00 sees no path to it
      const paths = async (fcp: string) =>
        (
          await h.mgmt('refresh_bootmap', {
            fcpchannel: fcp,
            wwpn: '500507680b21bac6',
            lun: '0000000000000000',
          })
        ).json.rc;
      expect(await paths('5c00')).toBe(0);
      expect(await paths('5d00')).toBe(10);
    } finally {
      await h.close();
    }
  });

  it('refuses a bad file with the reason', async () => {
    expect(() => loadFcpInventory(join(dir, 'missing.json'))).toThrow(/missing\.json/);
    const bad = await file('bad.json', {
      channels: [{ chpid: '4', pchid: '1', first: '1', count: 1 }],
    });
    expect(() => loadFcpInventory(bad)).toThrow(/chpid must be 2 hex digits/);
    const lun = await file('lun.json', {
      channels: [{ chpid: '40', pchid: '1', first: '1', count: 1 }],
      storageTargets: [{ wwpn: '0x5005076802100c1a', luns: ['1'] }],
    });
    expect(() => loadFcpInventory(lun)).toThrow(/luns must be/);
    expect(loadFcpInventory(undefined)).toBe(DEFAULT_FCP_INVENTORY);
  });
});
