import type { DiskDeviceType, FreeExtent, VolumeSpaceOutput } from '../protocol.js';
import type { OutputRecord } from './layout.types.js';
import { stringsOf, wireText, type FunctionMapping } from './mapping.types.js';

/** Image_Volume_Space_Query_DM query_type: 1 DEFINITION, 2 FREE, 3 USED. */
export const QUERY_DEFINITION = 1;
export const QUERY_FREE = 2;
export const QUERY_USED = 3;
/** entry_type: 1 VOLUME, 3 GROUP. */
export const ENTRY_VOLUME = 1;
export const ENTRY_GROUP = 3;

interface ExtentLine extends FreeExtent {
  volser: string;
  deviceType: string;
  pool: string;
}

/**
 * A FREE or USED record as the reference reads it (smtLayer getHost): volume, device type,
 * start and size first; the group is the 8th of 9 fields, else the 5th.
 */
function extentLine(record: string): ExtentLine | undefined {
  const parts = record.trim().split(/\s+/);
  if (parts.length < 5) return undefined;
  const [volser, deviceType, start, size] = parts;
  return {
    volser,
    deviceType,
    start: Number(start),
    size: Number(size),
    pool: (parts.length === 9 ? parts[7] : parts[4]) ?? '',
  };
}

const lines = (o: OutputRecord): string[] => stringsOf(o, 'records', 'record');

/**
 * A pool from its free and its used extents: a volume spans both kinds of runs (its first
 * unit is the lowest start), and total = free + used, as the reference adds them up.
 */
function poolSpace(freeOut: OutputRecord, usedOut: OutputRecord): VolumeSpaceOutput {
  const free = lines(freeOut)
    .map(extentLine)
    .filter((l) => l !== undefined);
  const used = lines(usedOut)
    .map(extentLine)
    .filter((l) => l !== undefined);
  const volumes = new Map<string, VolumeSpaceOutput['volumes'][number]>();
  for (const [l, isFree] of [
    ...free.map((l) => [l, true] as const),
    ...used.map((l) => [l, false] as const),
  ]) {
    const v = volumes.get(l.volser) ?? {
      volser: l.volser,
      start: l.start,
      size: 0,
      free: 0,
      freeExtents: [],
    };
    v.start = Math.min(v.start, l.start);
    v.size += l.size;
    if (isFree) {
      v.free += l.size;
      v.freeExtents.push({ start: l.start, size: l.size });
    }
    volumes.set(l.volser, v);
  }
  const list = [...volumes.values()];
  for (const v of list) v.freeExtents.sort((a, b) => a.start - b.start);
  const head = free[0] ?? used[0];
  const total = list.reduce((s, v) => s + v.size, 0);
  const freeTotal = list.reduce((s, v) => s + v.free, 0);
  return {
    pool: head?.pool ?? '',
    deviceType: (head?.deviceType ?? '3390') as DiskDeviceType,
    total,
    free: freeTotal,
    used: total - freeTotal,
    volumes: list,
  };
}

/**
 * One volume's DEFINITION record, `VOLID DEVTYPE SIZE` (the reference's volume_name,
 * volume_type, volume_size): its size counts from unit 0, so it is reported as start 0.
 */
function volumeDefinition(out: OutputRecord): VolumeSpaceOutput {
  const [volser = '', deviceType = '3390', size = '0'] = (lines(out)[0] ?? '').trim().split(/\s+/);
  const units = Number(size);
  return {
    pool: '',
    deviceType: deviceType as DiskDeviceType,
    total: units,
    free: 0,
    used: units,
    volumes: volser ? [{ volser, start: 0, size: units, free: 0, freeExtents: [] }] : [],
  };
}

/**
 * `{pool}`: the group's FREE extents, then its USED ones (a second call); `{volume}`: that
 * volume's DEFINITION, one call.
 */
export const VOLUME_SPACE_MAPPING: FunctionMapping = {
  toWire: (p) =>
    p.volume !== undefined
      ? { queryType: QUERY_DEFINITION, entryType: ENTRY_VOLUME, entryNames: wireText(p.volume) }
      : { queryType: QUERY_FREE, entryType: ENTRY_GROUP, entryNames: wireText(p.pool) },
  moreCalls: (p) =>
    p.volume !== undefined
      ? []
      : [{ queryType: QUERY_USED, entryType: ENTRY_GROUP, entryNames: wireText(p.pool) }],
  fromWire: (first, more = []) =>
    more.length === 0 ? volumeDefinition(first) : poolSpace(first, more[0]),
};
