import type { SystemsManagement, VolumeSpaceOutput } from '#hypervisor';
import type { ResolvedDisk } from '#jobs';
import { HvError } from '#envelope';
import { diskSpace } from './disk-space.js';

const disk = (vdev: string, units: number, pool = 'ECKD:POOL1'): ResolvedDisk => ({
  vdev,
  deviceType: '3390',
  diskPool: pool,
  units,
  format: 'none',
  size: `${units}`,
  formatGiven: false,
});

/** A pool of two volumes with free runs of 100 and 60 cylinders. */
const SPACE: VolumeSpaceOutput = {
  pool: 'POOL1',
  deviceType: '3390',
  total: 1000,
  free: 160,
  used: 840,
  volumes: [
    { volser: 'V1', start: 1, size: 500, free: 100, freeExtents: [{ start: 1, size: 100 }] },
    { volser: 'V2', start: 1, size: 500, free: 60, freeExtents: [{ start: 1, size: 60 }] },
  ],
};

const hv = (space: () => Promise<VolumeSpaceOutput>) =>
  ({ volumeSpaceQuery: space }) as unknown as SystemsManagement;

describe('diskSpace (dry run)', () => {
  it('places each disk first fit on one free extent', async () => {
    const r = await diskSpace(
      hv(() => Promise.resolve(SPACE)),
      [disk('0100', 90), disk('0101', 60)],
    );
    expect(r.reasons).toEqual([]);
    expect(r.pools['ECKD:POOL1']).toEqual({
      units: '3390 cylinders',
      needed: 150,
      free: 160,
      largest_free_extent: 100,
    });
  });

  it('refuses a disk no extent holds, though the pool has the space in pieces', async () => {
    const r = await diskSpace(
      hv(() => Promise.resolve(SPACE)),
      [disk('0100', 90), disk('0101', 61)],
    );
    expect(r.reasons).toEqual([
      expect.objectContaining({ resource: 'disk_pool ECKD:POOL1', needed: 61, available: 60 }),
    ]);
  });

  it('names a pool the hypervisor does not know', async () => {
    const missing = hv(() => Promise.reject(new HvError(8, 420, 8, null, 'pool not found')));
    const r = await diskSpace(missing, [disk('0100', 10, 'ECKD:NOPE')]);
    expect(r.reasons).toEqual([
      { resource: 'disk_pool ECKD:NOPE', message: 'disk pool ECKD:NOPE does not exist' },
    ]);
  });
});
