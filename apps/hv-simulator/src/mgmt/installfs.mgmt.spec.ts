import { open } from 'node:fs/promises';
import { startHarness, userDirectory, type Harness } from '../testing/simulator.harness.js';

const fba = { vdev: '0201', deviceType: '9336', pool: 'FBAPOOL1', units: 4096, mode: 'MR' };

/** The first bytes of a minidisk's file. */
async function head(h: Harness, userid: string, vdev: string, n: number): Promise<Buffer> {
  const f = await open(h.sim.state.files.minidiskPath(userid, vdev), 'r');
  try {
    const buf = Buffer.alloc(n);
    await f.read(buf, 0, n, 0);
    return buf;
  } finally {
    await f.close();
  }
}

describe('installfs: a file system on a minidisk from the management guest', () => {
  let h: Harness;
  const installfs = (args: Record<string, string>) => h.mgmt('installfs', args);

  beforeEach(async () => {
    h = await startHarness();
    await h.smapi('Image_Create_DM', 'LINUX01', { directory: userDirectory('LINUX01') });
    expect((await h.smapi('Image_Disk_Create_DM', 'LINUX01', fba)).rc).toBe(0);
  });
  afterEach(() => h.close());

  it("writes the file system's signature and records the disk's format", async () => {
    expect(h.sim.state.user('LINUX01')?.disks['0201'].format).toBe('none');
    const r = await installfs({ userid: 'linux01', vdev: '201', fstype: 'XFS' });
    expect(r).toEqual({ status: 200, json: { rc: 0, lines: ['File system: xfs is installed.'] } });
    expect(h.sim.state.user('LINUX01')?.disks['0201'].format).toBe('xfs');
    expect((await head(h, 'LINUX01', '0201', 4)).toString('latin1')).toBe('XFSB');
    expect((await h.diskMd5('LINUX01', '0201')).bytes).toBe(4096 * 512);
  });

  it('no such user or disk: rc 3 with the link failure (HCPLNK053E)', async () => {
    for (const [userid, vdev] of [
      ['NOSUCH', '0201'],
      ['LINUX01', '0202'],
    ]) {
      const r = await installfs({ userid, vdev, fstype: 'ext4' });
      expect(r.json).toMatchObject({ rc: 3 });
      expect((r.json as { lines: string[] }).lines[0]).toMatch(/^ERROR: HCPLNK053E/);
    }
    expect(h.sim.state.user('LINUX01')?.disks['0201'].format).toBe('none');
  });

  it('a missing argument or a file system the guest cannot write: rc 1', async () => {
    await expect(installfs({ userid: 'LINUX01', vdev: '0201' })).resolves.toMatchObject({
      json: { rc: 1 },
    });
    await expect(
      installfs({ userid: 'LINUX01', vdev: '0201', fstype: 'ntfs' }),
    ).resolves.toMatchObject({
      json: { rc: 1, lines: ['ERROR: Unsupported file system type: ntfs.'] },
    });
    await expect(
      installfs({ userid: 'LINUX01', vdev: '0201', fstype: 'none' }),
    ).resolves.toMatchObject({ json: { rc: 1 } });
  });
});
