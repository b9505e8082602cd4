import type { SmapiFunction } from '../protocol.js';

/**
 * Calls that legitimately run for minutes: a relocation moves a guest's memory between
 * members, a disk create formats and a disk delete may erase the whole extent.
 */
const LONG_CALLS: ReadonlySet<SmapiFunction> = new Set([
  'VMRELOCATE',
  'Image_Disk_Create_DM',
  'Image_Disk_Delete_DM',
]);

/** How long to wait for a call's answer. */
export function readTimeoutMsFor(fn: SmapiFunction, normalMs: number, longMs: number): number {
  return LONG_CALLS.has(fn) ? Math.max(normalMs, longMs) : normalMs;
}
