import type { ImageDiskCreateOutput, VolumeSpaceOutput } from '#hypervisor';
import { startHarness, userDirectory, type Harness } from '../testing/simulator.harness.js';

const disk = (vdev: string, units: number, more: object = {}) => ({
  vdev,
  deviceType: '3390',
  pool: 'POOL1',
  units,
  mode: 'MR',
  ...more,
});

describe('minidisk functions', () => {
  let h: Harness;
  const space = async (pool: string) =>
    (await h.smapi<VolumeSpaceOutput>('Image_Volume_Space_Query_DM', '*', { pool })).output!;

  beforeEach(async () => {
    h = await startHarness();
    await h.smapi('Image_Create_DM', 'LINUX01', { directory: userDirectory('LINUX01') });
    await h.smapi('Image_Create_DM', 'LINUX02', {
      directory: userDirectory('LINUX02', 'NICDEF 1000 TYPE QDIO LAN SYSTEM VSW1'),
    });
  });
  afterEach(() => h.close());

  it('carves minidisks first-fit from the pool and records MDISK statements', async () => {
    const before = await space('POOL1');
    expect(before).toMatchObject({ total: 40_064, free: 40_064, used: 0 });

    const a = await h.smapi<ImageDiskCreateOutput>(
      'Image_Disk_Create_DM',
      'LINUX01',
      disk('100', 10_000),
    );
    expect(a).toEqual({
      rc: 0,
      rs: 0,
      output: { vdev: '0100', volser: 'EV0001', start: 1, units: 10_000 },
    });
    const b = await h.smapi<ImageDiskCreateOutput>(
      'Image_Disk_Create_DM',
      'LINUX02',
      disk('0101', 100, { format: 'ext4' }),
    );
    expect(b.output).toEqual({ vdev: '0101', volser: 'EV0002', start: 1, units: 100 });
    const c = await h.smapi<ImageDiskCreateOutput>(
      'Image_Disk_Create_DM',
      'LINUX02',
      disk('0102', 16),
    );
    expect(c.output).toMatchObject({ volser: 'EV0001', start: 10_001 });

    expect((await h.smapi<string[]>('Image_Query_DM', 'LINUX01')).output).toContain(
      'MDISK 0100 3390 1 10000 EV0001 MR',
    );
    expect(h.sim.state.user('LINUX02')?.disks['0101']).toMatchObject({
      format: 'ext4',
      pool: 'POOL1',
    });
    expect(h.sim.state.user('LINUX02')?.disks['0102']?.format).toBe('none');
    const after = await space('POOL1');
    expect(after).toMatchObject({ used: 10_116, free: 40_064 - 10_116 });
    expect(after.volumes[0]).toMatchObject({ volser: 'EV0001', free: 0 });
  });

  it('uses FBA pools in 512-byte blocks', async () => {
    const r = await h.smapi<ImageDiskCreateOutput>('Image_Disk_Create_DM', 'LINUX01', {
      ...disk('0200', 2_097_152),
      deviceType: '9336',
      pool: 'fbapool1',
    });
    expect(r.output).toEqual({ vdev: '0200', volser: 'FB0001', start: 32, units: 2_097_152 });
    expect((await space('FBAPOOL1')).used).toBe(2_097_152);
  });

  it('defines a virtual disk (V-DISK, FB-512, 512-byte blocks) outside any pool', async () => {
    const before = await space('FBAPOOL1');
    const vdisk = {
      vdev: '0300',
      deviceType: 'FB-512',
      allocationType: 'V-DISK',
      unitSize: 'BLK0512',
      units: 200_000,
      mode: 'MR',
    };
    expect(await h.smapi('Image_Disk_Create_DM', 'LINUX01', vdisk)).toMatchObject({ rc: 0, rs: 0 });
    expect(h.sim.state.user('LINUX01')?.directory).toContain('MDISK 0300 FB-512 V-DISK 200000 MR');
    expect(await space('FBAPOOL1')).toEqual(before);
    expect(await h.smapi('Image_Disk_Create_DM', 'LINUX01', vdisk)).toMatchObject({
      rc: 408,
      rs: 4,
    });
  });

  it('refuses an allocation type or unit the disk cannot have', async () => {
    const cases: [object, number, number][] = [
      [disk('0101', 10, { allocationType: 'AUTOX' }), 24, 419],
      [disk('0101', 10, { unitSize: 'BLK0512' }), 24, 619],
      [{ ...disk('0101', 10, { allocationType: 'V-DISK' }), deviceType: '3390' }, 24, 319],
    ];
    for (const [params, rc, rs] of cases) {
      expect(await h.smapi('Image_Disk_Create_DM', 'LINUX01', params)).toMatchObject({ rc, rs });
    }
  });

  it('answers the directory manager codes for each refusal, changing nothing', async () => {
    await h.smapi('Image_Disk_Create_DM', 'LINUX01', disk('0100', 10));
    const cases: [string, object, number, number][] = [
      ['NOSUCH', disk('0100', 10), 400, 4],
      ['LINUX01', disk('0100', 10), 408, 4],
      ['LINUX02', disk('1000', 10), 404, 4],
      ['LINUX01', disk('0101', 10, { pool: 'NOPOOL' }), 420, 8],
      ['LINUX01', disk('0101', 10, { deviceType: '9336' }), 404, 24],
      ['LINUX01', disk('0101', 10_017), 408, 24],
      ['LINUX01', disk('0101', 0), 24, 715],
      ['LINUX01', disk('XYZ1', 10), 24, 216],
      ['LINUX01', disk('0101', 10, { format: 'ntfs' }), 24, 919],
    ];
    for (const [target, params, rc, rs] of cases) {
      expect([target, await h.smapi('Image_Disk_Create_DM', target, params)]).toEqual([
        target,
        expect.objectContaining({ rc, rs }),
      ]);
    }
    expect((await space('POOL1')).used).toBe(10);
    expect(Object.keys(h.sim.state.user('LINUX01')?.disks ?? {})).toEqual(['0100']);
  });

  it('fills a pool up, then refuses with 408/24', async () => {
    for (let i = 0; i < 4; i++) {
      const r = await h.smapi('Image_Disk_Create_DM', 'LINUX01', disk(`01${i}0`, 10_016));
      expect(r.rc).toBe(0);
    }
    expect(await space('POOL1')).toMatchObject({ free: 0 });
    expect(await h.smapi('Image_Disk_Create_DM', 'LINUX01', disk('0200', 1))).toMatchObject({
      rc: 408,
      rs: 24,
    });
  });

  it('links a new disk into a logged-on guest', async () => {
    await h.smapi('Image_Activate', 'LINUX01');
    await h.smapi('Image_Disk_Create_DM', 'LINUX01', disk('0100', 10));
    expect(h.sim.state.user('LINUX01')?.activeDevices).toContain('0100');
  });

  it('deletes a minidisk and frees its extent; 208/36 when not defined', async () => {
    await h.smapi('Image_Disk_Create_DM', 'LINUX01', disk('0100', 500));
    expect(await h.smapi('Image_Disk_Delete_DM', 'LINUX01', { vdev: '100' })).toEqual({
      rc: 0,
      rs: 0,
    });
    expect(
      (await h.smapi<string[]>('Image_Query_DM', 'LINUX01')).output?.some((l) =>
        l.startsWith('MDISK'),
      ),
    ).toBe(false);
    expect((await space('POOL1')).used).toBe(0);
    expect(await h.smapi('Image_Disk_Delete_DM', 'LINUX01', { vdev: '0100' })).toMatchObject({
      rc: 208,
      rs: 36,
    });
    expect(await h.smapi('Image_Disk_Delete_DM', 'LINUX02', { vdev: '1000' })).toMatchObject({
      rc: 208,
      rs: 36,
    });
    expect(await h.smapi('Image_Disk_Delete_DM', 'NOSUCH', { vdev: '0100' })).toMatchObject({
      rc: 400,
      rs: 4,
    });
    // The freed space is allocated again from the start.
    const again = await h.smapi<ImageDiskCreateOutput>(
      'Image_Disk_Create_DM',
      'LINUX02',
      disk('0100', 10),
    );
    expect(again.output).toMatchObject({ volser: 'EV0001', start: 1 });
  });

  it('frees every minidisk of a deleted user', async () => {
    await h.smapi('Image_Disk_Create_DM', 'LINUX01', disk('0100', 100));
    await h.smapi('Image_Disk_Create_DM', 'LINUX01', disk('0101', 200));
    await h.smapi('Image_Disk_Create_DM', 'LINUX02', disk('0100', 50));
    await h.smapi('Image_Delete_DM', 'LINUX01');
    expect((await space('POOL1')).used).toBe(50);
  });

  it('Image_Volume_Space_Query_DM: unknown pool 420/8, missing pool 24/424', async () => {
    expect(await h.smapi('Image_Volume_Space_Query_DM', '*', { pool: 'NOPOOL' })).toMatchObject({
      rc: 420,
      rs: 8,
    });
    expect(await h.smapi('Image_Volume_Space_Query_DM', '*', {})).toMatchObject({
      rc: 24,
      rs: 424,
    });
  });

  it('Image_Volume_Space_Query_DM as the reference asks: every group, several names, `*`', async () => {
    const many = async (params: object) =>
      (await h.smapi<VolumeSpaceOutput[]>('Image_Volume_Space_Query_DM', '*', params)).output;
    const all = await many({ pools: [] });
    expect(all?.map((p) => p.pool)).toEqual(['FBAPOOL1', 'POOL1']);
    expect((await many({ pools: ['*'] }))?.map((p) => p.pool)).toEqual(['FBAPOOL1', 'POOL1']);
    expect((await many({ pools: ['pool1', 'FBAPOOL1'] }))?.map((p) => p.pool)).toEqual([
      'POOL1',
      'FBAPOOL1',
    ]);
    const vols = await many({ volumes: ['EV0001', 'fb0001'] });
    expect(vols?.map((p) => [p.pool, p.volumes.map((v) => v.volser)])).toEqual([
      ['POOL1', ['EV0001']],
      ['FBAPOOL1', ['FB0001']],
    ]);
    expect(await h.smapi('Image_Volume_Space_Query_DM', '*', { volumes: ['NOVOL'] })).toMatchObject(
      {
        rc: 420,
        rs: 8,
      },
    );
  });
});
