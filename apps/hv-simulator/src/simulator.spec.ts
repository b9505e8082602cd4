import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ImageDiskCreateOutput } from '#hypervisor';
import { LINUX01, startHarness, type Harness } from './testing/simulator.harness.js';

describe('simulator process', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness({ systemId: 'SIMX' });
  });
  afterEach(() => h.close());

  it('answers /health with its system id', async () => {
    expect(await h.http('GET', '/health')).toEqual({
      status: 200,
      body: { status: 'ok', systemId: 'SIMX' },
    });
  });

  it('keeps its state across a restart on the same directory', async () => {
    await h.smapi('Image_Create_DM', 'LINUX01', { directory: LINUX01 });
    const d = await h.smapi<ImageDiskCreateOutput>('Image_Disk_Create_DM', 'LINUX01', {
      vdev: '0100',
      deviceType: '3390',
      pool: 'POOL1',
      units: 3338,
      mode: 'MR',
      format: 'xfs',
    });
    await h.smapi('Image_Activate', 'LINUX01');
    await h.restart();

    expect((await h.cp('QUERY USER LINUX01')).rc).toBe(0);
    expect((await h.smapi<string[]>('Image_Query_DM', 'LINUX01')).output).toContain(
      `MDISK 0100 3390 1 3338 ${d.output?.volser} MR`,
    );
    expect(h.sim.state.user('LINUX01')?.disks['0100']?.format).toBe('xfs');
    // The extent is still taken: the next disk starts after it.
    const next = await h.smapi<ImageDiskCreateOutput>('Image_Disk_Create_DM', 'LINUX01', {
      vdev: '0101',
      deviceType: '3390',
      pool: 'POOL1',
      units: 1,
    });
    expect(next.output).toMatchObject({ volser: 'EV0001', start: 3339 });
    const saved = JSON.parse(await readFile(join(h.dir, 'state.json'), 'utf8'));
    expect(Object.keys(saved.users)).toEqual(['LINUX01']);
  });

  it('transport errors: 404 unknown function, 400 malformed body', async () => {
    expect((await h.http('POST', '/smapi/Image_Frobnicate', { target: 'X' })).status).toBe(404);
    expect((await h.http('POST', '/smapi/Image_Query_DM', '{not json')).status).toBe(400);
    expect((await h.http('POST', '/smapi/Image_Query_DM', { params: {} })).status).toBe(400);
    expect((await h.http('POST', '/smapi/Image_Query_DM', [1, 2])).status).toBe(400);
    const badParams = { target: 'LINUX01', params: 'x' };
    expect((await h.http('POST', '/smapi/Image_Query_DM', badParams)).status).toBe(400);
    expect((await h.http('POST', '/cp', { command: '' })).status).toBe(400);
    expect(h.sim.calls.since()).toEqual([]);
  });

  it('admin: whole state, and reset back to defaults', async () => {
    await h.smapi('Image_Create_DM', 'LINUX01', { directory: LINUX01 });
    await h.smapi('Image_Disk_Create_DM', 'LINUX01', {
      vdev: '0100',
      deviceType: '3390',
      pool: 'POOL1',
      units: 16,
    });
    const state = (await h.http('GET', '/admin/state')).body;
    expect(state.users).toEqual([
      expect.objectContaining({
        userid: 'LINUX01',
        power: 'off',
        disks: { '0100': expect.any(Object) },
      }),
    ]);
    expect(state.pools.find((p: { name: string }) => p.name === 'POOL1').free).toBe(40_064 - 16);

    expect((await h.http('POST', '/admin/reset')).status).toBe(200);
    const after = (await h.http('GET', '/admin/state')).body;
    expect(after.users).toEqual([]);
    expect(after.pools.map((p: { name: string; free: number }) => [p.name, p.free])).toEqual([
      ['POOL1', 40_064],
      ['FBAPOOL1', 3 * 4_194_304],
    ]);
    await h.restart();
    expect(h.sim.state.userIds()).toEqual([]);
  });
});
