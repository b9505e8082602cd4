import type { ImageDiskQueryOutput } from '#hypervisor';
import { startHarness, userDirectory, type Harness } from '../testing/simulator.harness.js';

interface AdminVolume {
  volser: string;
  rdev: string;
}

describe('Image_Disk_Query', () => {
  let h: Harness;
  const query = (target: string, vdasdId: unknown) =>
    h.smapi<ImageDiskQueryOutput>('Image_Disk_Query', target, { vdasdId });
  const volumes = async (): Promise<AdminVolume[]> =>
    (await h.http('GET', '/admin/state')).body.pools.flatMap(
      (p: { volumes: AdminVolume[] }) => p.volumes,
    );

  beforeEach(async () => {
    h = await startHarness();
    await h.smapi('Image_Create_DM', 'LINUX01', {
      directory: userDirectory('LINUX01', 'MDISK 0111 FB-512 V-DISK 2048 MWV'),
    });
    const disk = (vdev: string, deviceType: string, pool: string, units: number) =>
      h.smapi('Image_Disk_Create_DM', 'LINUX01', { vdev, deviceType, pool, units, mode: 'MR' });
    // 10,000 cylinders fill most of the first ECKD volume, so the next disk lands on the second.
    await disk('0100', '3390', 'POOL1', 10_000);
    await disk('0101', '3390', 'POOL1', 100);
    await disk('0102', '9336', 'FBAPOOL1', 2048);
  });
  afterEach(() => h.close());

  it('gives every volume its own real device, kept across a restart', async () => {
    const before = await volumes();
    const rdevs = before.map((v) => v.rdev);
    expect(new Set(rdevs).size).toBe(rdevs.length);
    for (const r of rdevs) expect(r).toMatch(/^[0-9A-F]{4}$/);
    await h.restart();
    expect(await volumes()).toEqual(before);
  });

  it('answers each DASD of the running guest with the device of the volume it is on', async () => {
    await h.smapi('Image_Activate', 'LINUX01');
    const rdev = new Map((await volumes()).map((v) => [v.volser, v.rdev]));
    const res = await query('LINUX01', 'ALL');
    expect(res).toMatchObject({ rc: 0, rs: 0 });
    expect(res.output?.dasd).toEqual([
      {
        vdev: '0100',
        rdev: rdev.get('EV0001'),
        accessType: 'R/W',
        deviceType: '3390',
        size: 10_000,
        units: 'Cylinders',
        volid: 'EV0001',
      },
      {
        vdev: '0101',
        rdev: rdev.get('EV0002'),
        accessType: 'R/W',
        deviceType: '3390',
        size: 100,
        units: 'Cylinders',
        volid: 'EV0002',
      },
      {
        vdev: '0102',
        rdev: rdev.get('FB0001'),
        accessType: 'R/W',
        deviceType: '9336',
        size: 2048,
        units: 'Blocks',
        volid: 'FB0001',
      },
      {
        vdev: '0111',
        rdev: 'VDSK',
        accessType: 'R/W',
        deviceType: '9336',
        size: 2048,
        units: 'Blocks',
        volid: '(VDSK)',
      },
    ]);
    expect(rdev.get('EV0001')).not.toBe(rdev.get('EV0002'));

    const one = await query('LINUX01', '101');
    expect(one.output?.dasd.map((d) => [d.vdev, d.rdev])).toEqual([['0101', rdev.get('EV0002')]]);
  });

  it('a disk added or removed while logged on is in or out of the answer at once', async () => {
    await h.smapi('Image_Activate', 'LINUX01');
    await h.smapi('Image_Disk_Delete_DM', 'LINUX01', { vdev: '0101' });
    const vdevs = (await query('LINUX01', 'ALL')).output?.dasd.map((d) => d.vdev);
    expect(vdevs).toEqual(['0100', '0102', '0111']);
  });

  it('refuses with the real codes: no such user, not logged on, no such vdev, bad selector', async () => {
    expect(await query('NOBODY', 'ALL')).toMatchObject({ rc: 200, rs: 4 });
    expect(await query('LINUX01', 'ALL')).toMatchObject({ rc: 200, rs: 12 });
    await h.smapi('Image_Activate', 'LINUX01');
    expect(await query('LINUX01', '0200')).toMatchObject({ rc: 204, rs: 8 });
    expect(await query('LINUX01', 'XYZZY')).toMatchObject({ rc: 24, rs: 216 });
    expect(await query('LINUX01', undefined)).toMatchObject({ rc: 24, rs: 224 });
  });
});
