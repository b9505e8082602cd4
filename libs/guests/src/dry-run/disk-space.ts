import { isSmapi, type SystemsManagement, type VolumeSpaceOutput } from '#hypervisor';
import type { ResolvedDisk } from '#jobs';
import type { PlanReason } from '#operations';

/** What the disks need of one pool and what it has, in the pool's units. */
export interface PoolSpace {
  units: '3390 cylinders' | '9336 blocks';
  needed: number;
  free: number;
  largest_free_extent: number;
}

const unitsOf = (d: ResolvedDisk): PoolSpace['units'] =>
  d.deviceType === '3390' ? '3390 cylinders' : '9336 blocks';

/** `ECKD:POOL1` → `POOL1`, the group Image_Volume_Space_Query_DM takes. */
const groupOf = (pool: string): string => (pool.split(':')[1] ?? pool).toUpperCase();

/**
 * Each disk placed as the directory manager places it — first fit, one free extent each — on
 * the pool's free extents of now; a disk no extent holds is a reason.
 */
function place(disks: ResolvedDisk[], space: VolumeSpaceOutput, reasons: PlanReason[]): void {
  const extents = space.volumes.flatMap((v) => v.freeExtents.map((e) => e.size));
  for (const d of disks) {
    const i = extents.findIndex((size) => size >= d.units);
    if (i >= 0) {
      extents[i] -= d.units;
      continue;
    }
    reasons.push({
      resource: `disk_pool ${d.diskPool}`,
      message: `disk ${d.vdev} needs ${d.units} ${unitsOf(d)}; no free extent of the pool is that large`,
      needed: d.units,
      available: Math.max(0, ...extents),
    });
  }
}

/** Space of each pool the disks are on (live), and the reasons they would not fit. */
export async function diskSpace(
  hv: SystemsManagement,
  disks: ResolvedDisk[],
): Promise<{ pools: Record<string, PoolSpace>; reasons: PlanReason[] }> {
  const byPool = new Map<string, ResolvedDisk[]>();
  for (const d of disks) byPool.set(d.diskPool, [...(byPool.get(d.diskPool) ?? []), d]);
  const pools: Record<string, PoolSpace> = {};
  const reasons: PlanReason[] = [];
  for (const [pool, ds] of byPool) {
    let space: VolumeSpaceOutput;
    try {
      space = await hv.volumeSpaceQuery(groupOf(pool));
    } catch (e) {
      if (!isSmapi(e, [420, 8])) throw e;
      reasons.push({ resource: `disk_pool ${pool}`, message: `disk pool ${pool} does not exist` });
      continue;
    }
    const extents = space.volumes.flatMap((v) => v.freeExtents.map((e) => e.size));
    pools[pool] = {
      units: unitsOf(ds[0]),
      needed: ds.reduce((s, d) => s + d.units, 0),
      free: space.free,
      largest_free_extent: Math.max(0, ...extents),
    };
    place(ds, space, reasons);
  }
  return { pools, reasons };
}
