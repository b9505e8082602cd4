import type { FreeExtent, InputValue, OutputRecord, VolumeSpaceOutput } from '#hypervisor';

type Volume = VolumeSpaceOutput['volumes'][number];

/** The used runs of a volume: what its free runs leave of [start, start + size). */
function usedRuns(v: Volume): FreeExtent[] {
  const out: FreeExtent[] = [];
  let cursor = v.start;
  for (const f of v.freeExtents) {
    if (f.start > cursor) out.push({ start: cursor, size: f.start - cursor });
    cursor = Math.max(cursor, f.start + f.size);
  }
  if (v.start + v.size > cursor) out.push({ start: cursor, size: v.start + v.size - cursor });
  return out;
}

/**
 * Image_Volume_Space_Query_DM's records by query type, as the reference reads them: DEFINITION
 * of volumes `VOLID DEVTYPE SIZE` (size from unit 0) or of a group `GROUP VOLID…`; FREE and
 * USED extents `VOLID DEVTYPE START SIZE GROUP REGION` (a region per volume, named as it is).
 * Several groups or volumes (a list, or every group) answer their records one after another.
 */
export function volumeSpaceRecords(
  out: VolumeSpaceOutput | VolumeSpaceOutput[],
  values: Readonly<Record<string, InputValue>>,
): OutputRecord {
  const list = Array.isArray(out) ? out : [out];
  return { records: list.flatMap((s) => recordsOf(s, values)) };
}

function recordsOf(
  s: VolumeSpaceOutput,
  values: Readonly<Record<string, InputValue>>,
): OutputRecord[] {
  const record = (text: string): OutputRecord => ({ record: text });
  const extent = (v: Volume, e: FreeExtent): OutputRecord =>
    record(`${v.volser} ${s.deviceType} ${e.start} ${e.size} ${s.pool} ${v.volser}`);
  switch (values.queryType) {
    case 2:
      return s.volumes.flatMap((v) => v.freeExtents.map((e) => extent(v, e)));
    case 3:
      return s.volumes.flatMap((v) => usedRuns(v).map((e) => extent(v, e)));
    default:
      if (values.entryType === 3)
        return [record([s.pool, ...s.volumes.map((v) => v.volser)].join(' '))];
      return s.volumes.map((v) => record(`${v.volser} ${s.deviceType} ${v.start + v.size}`));
  }
}
