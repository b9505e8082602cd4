import type { VolumeSpaceOutput } from '#hypervisor';
import type { Extent, PoolRecord, VolumeRecord } from './state.types.js';

/** Free units of one volume. */
export function volumeFree(vol: VolumeRecord): number {
  return vol.size - vol.extents.reduce((sum, e) => sum + e.count, 0);
}

/** Lowest start of a free run of `units` on `vol`, or undefined (first fit). */
function firstFit(vol: VolumeRecord, units: number): number | undefined {
  const end = vol.start + vol.size;
  let cursor = vol.start;
  for (const e of [...vol.extents].sort((a, b) => a.start - b.start)) {
    if (e.start - cursor >= units) return cursor;
    cursor = Math.max(cursor, e.start + e.count);
  }
  return end - cursor >= units ? cursor : undefined;
}

/**
 * Carves a contiguous extent from the first volume (in pool order) with room for it, as the
 * directory manager's AUTOG allocation does: a minidisk never spans volumes.
 */
export function allocate(
  pool: PoolRecord,
  units: number,
  userid: string,
  vdev: string,
): { volser: string; start: number } | undefined {
  for (const vol of pool.volumes) {
    const start = firstFit(vol, units);
    if (start === undefined) continue;
    const extent: Extent = { start, count: units, userid, vdev };
    vol.extents.push(extent);
    vol.extents.sort((a, b) => a.start - b.start);
    return { volser: vol.volser, start };
  }
  return undefined;
}

/** Frees every extent owned by `userid` (and `vdev`, when given) in all pools. */
export function release(pools: Record<string, PoolRecord>, userid: string, vdev?: string): number {
  let freed = 0;
  for (const pool of Object.values(pools)) {
    for (const vol of pool.volumes) {
      const keep = vol.extents.filter(
        (e) => !(e.userid === userid && (vdev === undefined || e.vdev === vdev)),
      );
      freed += vol.extents.length - keep.length;
      vol.extents = keep;
    }
  }
  return freed;
}

/** Free runs of one volume, ascending. */
export function freeExtents(vol: VolumeRecord): { start: number; size: number }[] {
  const out: { start: number; size: number }[] = [];
  let cursor = vol.start;
  for (const e of [...vol.extents].sort((a, b) => a.start - b.start)) {
    if (e.start > cursor) out.push({ start: cursor, size: e.start - cursor });
    cursor = Math.max(cursor, e.start + e.count);
  }
  const end = vol.start + vol.size;
  if (end > cursor) out.push({ start: cursor, size: end - cursor });
  return out;
}

/** Space report of one pool, in its device type's units. */
export function poolSpace(pool: PoolRecord): VolumeSpaceOutput {
  const volumes = pool.volumes.map((v) => ({
    volser: v.volser,
    start: v.start,
    size: v.size,
    free: volumeFree(v),
    freeExtents: freeExtents(v),
  }));
  const total = volumes.reduce((s, v) => s + v.size, 0);
  const free = volumes.reduce((s, v) => s + v.free, 0);
  return { pool: pool.name, deviceType: pool.deviceType, total, free, used: total - free, volumes };
}
