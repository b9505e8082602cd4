import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { startHarness, userDirectory, type Harness } from '../testing/simulator.harness.js';
import { BLOCK_BYTES_FBA, CYLINDER_BYTES_3390 as CYL } from './geometry.constants.js';

const disk = (vdev: string, units: number, format?: string) => ({
  vdev,
  deviceType: '3390',
  pool: 'POOL1',
  units,
  mode: 'MR',
  ...(format ? { format } : {}),
});

describe('minidisk bytes', () => {
  let h: Harness;
  const files = () => readdir(join(h.dir, 'minidisks'));
  const bytesOf = (name: string) => readFile(join(h.dir, 'minidisks', name));

  beforeEach(async () => {
    h = await startHarness();
    await h.smapi('Image_Create_DM', 'LINUX01', { directory: userDirectory('LINUX01') });
  });
  afterEach(() => h.close());

  it('gives each minidisk a sparse file of its size; formatted disks carry a signature', async () => {
    await h.smapi('Image_Disk_Create_DM', 'LINUX01', disk('0100', 10));
    const st = await stat(join(h.dir, 'minidisks', 'LINUX01_0100.img'));
    expect(st.size).toBe(10 * CYL);
    expect(st.blocks * 512).toBeLessThan(CYL); // nothing allocated
    expect((await bytesOf('LINUX01_0100.img')).every((b) => b === 0)).toBe(true);

    const formats: [string, string][] = [
      ['0101', 'ext4'],
      ['0102', 'xfs'],
      ['0103', 'swap'],
      ['0104', 'ext2'],
    ];
    for (const [vdev, format] of formats) {
      expect((await h.smapi('Image_Disk_Create_DM', 'LINUX01', disk(vdev, 1, format))).rc).toBe(0);
    }
    const ext4 = await bytesOf('LINUX01_0101.img');
    expect(ext4.readUInt16LE(1024 + 56)).toBe(0xef53);
    expect(ext4.readUInt32LE(1024 + 96)).toBe(0x40); // extents: ext4
    expect(ext4.subarray(1024 + 120, 1024 + 126).toString()).toBe('HV0101');
    expect((await bytesOf('LINUX01_0104.img')).readUInt32LE(1024 + 92)).toBe(0); // no journal
    const xfs = await bytesOf('LINUX01_0102.img');
    expect(xfs.subarray(0, 4).toString()).toBe('XFSB');
    expect(xfs.subarray(108, 114).toString()).toBe('HV0102');
    expect((await bytesOf('LINUX01_0103.img')).subarray(4086, 4096).toString()).toBe('SWAPSPACE2');

    await h.smapi('Image_Disk_Create_DM', 'LINUX01', {
      ...disk('0200', 1, 'ext4'),
      deviceType: '9336',
      pool: 'FBAPOOL1',
    });
    // One 512-byte block: the signature is cut to what fits.
    expect((await bytesOf('LINUX01_0200.img')).length).toBe(BLOCK_BYTES_FBA);
  });

  it('removes the bytes with the disk, with the user, and on reset', async () => {
    await h.smapi('Image_Create_DM', 'LINUX02', { directory: userDirectory('LINUX02') });
    for (const u of ['LINUX01', 'LINUX02']) {
      await h.smapi('Image_Disk_Create_DM', u, disk('0100', 2));
      await h.smapi('Image_Disk_Create_DM', u, disk('0101', 2));
    }
    await h.smapi('Image_Disk_Delete_DM', 'LINUX01', { vdev: '0101' });
    expect(await files()).toEqual(['LINUX01_0100.img', 'LINUX02_0100.img', 'LINUX02_0101.img']);
    await h.smapi('Image_Delete_DM', 'LINUX02');
    expect(await files()).toEqual(['LINUX01_0100.img']);
    expect((await h.http('POST', '/admin/reset')).status).toBe(200);
    expect(await files()).toEqual([]);
    expect((await h.http('GET', '/admin/minidisks/LINUX01/0100/md5')).status).toBe(404);
  });

  it('keeps the bytes across a restart and recreates missing ones', async () => {
    await h.smapi('Image_Disk_Create_DM', 'LINUX01', disk('0100', 1, 'xfs'));
    await h.smapi('Image_Disk_Create_DM', 'LINUX01', disk('0101', 1));
    const before = await h.diskMd5('LINUX01', '0100');
    await rm(join(h.dir, 'minidisks', 'LINUX01_0101.img'));
    await h.restart();
    expect(await h.diskMd5('LINUX01', '0100')).toEqual(before);
    expect((await h.diskMd5('LINUX01', '0101')).bytes).toBe(CYL);
  });
});
