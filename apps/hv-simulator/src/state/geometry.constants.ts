import type { DiskDeviceType } from '#hypervisor';

/**
 * Bytes in one 3390 cylinder as Linux and the reference count it: 15 tracks of 12 × 4 KiB blocks
 * (ref: smtLayer/getHost.py, spec §9.1).
 */
export const CYLINDER_BYTES_3390 = 737_280;

/** Bytes in one FBA (9336) block. */
export const BLOCK_BYTES_FBA = 512;

/** Bytes per allocation unit of each device type (cylinders for 3390, blocks for 9336). */
export const UNIT_BYTES: Readonly<Record<DiskDeviceType, number>> = {
  '3390': CYLINDER_BYTES_3390,
  '9336': BLOCK_BYTES_FBA,
};

export function unitsToBytes(deviceType: DiskDeviceType, units: number): number {
  return units * UNIT_BYTES[deviceType];
}
