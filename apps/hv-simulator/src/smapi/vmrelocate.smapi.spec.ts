import type { SystemInfoOutput, VmRelocateOutput, VolumeSpaceOutput } from '#hypervisor';
import { LINUX01, startHarness, type Harness } from '../testing/simulator.harness.js';

describe('SSI cluster: VMRELOCATE, QUERY SSI, System_Info_Query', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
    await h.smapi('Image_Create_DM', 'LINUX01', { directory: LINUX01 });
  });
  afterEach(() => h.close());

  const member = () => h.sim.state.view().users[0]?.member;

  it('tests eligibility: not logged on, non-member, same member, then eligible', async () => {
    const test = (destination: string) =>
      h.smapi('VMRELOCATE', 'LINUX01', { action: 'TEST', destination });
    const off = await test('HVSIM2');
    expect(off).toMatchObject({ rc: 8, rs: 3000 });
    expect(off.errmsg).toContain('0045');

    await h.smapi('Image_Activate', 'LINUX01');
    expect(member()).toBe('HVSIM1');
    expect((await test('HVSIM7')).errmsg).toContain('HVSIM7 is not a member');
    expect(await test('HVSIM1')).toMatchObject({ rc: 4, rs: 3000 });
    expect(await test('HVSIM2')).toMatchObject({ rc: 0, rs: 0 });
    expect(
      await h.smapi('VMRELOCATE', 'LINUX01', { action: 'FLY', destination: 'X' }),
    ).toMatchObject({ rc: 24 });
  });

  it('moves in memory passes, honouring max_total and max_quiesce', async () => {
    await h.smapi('Image_Activate', 'LINUX01');
    const move = (params: object) =>
      h.smapi<VmRelocateOutput>('VMRELOCATE', 'LINUX01', {
        action: 'MOVE',
        destination: 'HVSIM2',
        ...params,
      });
    // 2 GiB: 2000 + 500 + 125 ms, the last pass quiesced; IMMEDIATE: one 2000 ms quiesced pass
    expect((await move({ maxTotal: 2 })).errmsg).toContain('MAXTOTAL');
    expect((await move({ immediate: true, maxQuiesce: 1 })).errmsg).toContain('MAXQUIESCE');
    expect(member()).toBe('HVSIM1');

    const done = await move({ maxTotal: 3, maxQuiesce: 1 });
    expect(done.rc).toBe(0);
    expect(done.output?.passes.map((p) => p.megabytes)).toEqual([2048, 512, 128]);
    expect(member()).toBe('HVSIM2');
    // back on the first member's view only after a new logon
    await h.smapi('Image_Deactivate', 'LINUX01', { immediate: true });
    await h.smapi('Image_Activate', 'LINUX01');
    expect(member()).toBe('HVSIM1');
  });

  it('QUERY SSI lists the members; System_Info_Query counts what runs here', async () => {
    const ssi = await h.cp('QUERY SSI');
    expect(ssi.rc).toBe(0);
    expect(ssi.lines[0]).toBe('SSI Name: HVSSI');
    expect(ssi.lines.filter((l) => /Joined/.test(l))).toHaveLength(2);

    await h.smapi('Image_Activate', 'LINUX01');
    const info = await h.smapi<SystemInfoOutput>('System_Info_Query', '*');
    expect(info.output).toMatchObject({
      systemId: 'HVSIM1',
      hypervisorVersion: 'z/VM 7.2.0',
      cpusUsed: 1,
      memoryUsedMb: 2048,
    });
    await h.smapi('VMRELOCATE', 'LINUX01', { action: 'MOVE', destination: 'HVSIM2' });
    const after = await h.smapi<SystemInfoOutput>('System_Info_Query', '*');
    expect(after.output).toMatchObject({ cpusUsed: 0, memoryUsedMb: 0 });
    expect((await h.smapi<string[]>('Image_Name_Query_DM', '*')).output).toEqual(['LINUX01']);
  });

  it('queries one volume by name', async () => {
    const vol = await h.smapi<VolumeSpaceOutput>('Image_Volume_Space_Query_DM', '*', {
      volume: 'fb0002',
    });
    expect(vol.output).toMatchObject({ pool: 'FBAPOOL1', deviceType: '9336' });
    expect(vol.output?.volumes.map((v) => v.volser)).toEqual(['FB0002']);
    expect(await h.smapi('Image_Volume_Space_Query_DM', '*', { volume: 'NOVOL' })).toMatchObject({
      rc: 420,
      rs: 8,
    });
  });
});

describe('a system outside any cluster', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness({ ssiMembers: 1 });
  });
  afterEach(() => h.close());

  it('answers QUERY SSI with HCP2650E and relocates nowhere', async () => {
    expect(await h.cp('QUERY SSI')).toMatchObject({ rc: 2650 });
    await h.smapi('Image_Create_DM', 'LINUX01', { directory: LINUX01 });
    await h.smapi('Image_Activate', 'LINUX01');
    const r = await h.smapi('VMRELOCATE', 'LINUX01', { action: 'TEST', destination: 'HVSIM2' });
    expect(r).toMatchObject({ rc: 4, rs: 3000 });
    expect(r.errmsg).toContain('not a member of an SSI cluster');
  });
});
