import type { WwpnQueryOutput } from '#hypervisor';
import { LINUX01, startHarness, type Harness } from '../testing/simulator.harness.js';

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
    expect(await fcp('1A00')).toMatchObject({ state: 'active', owner: 'LINUX01' });
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
    expect(await fcp('1A00')).toMatchObject({ state: 'free', owner: 'NONE' });
  });
});
