import type { HypervisorClient, ImageDiskCreateOutput } from '#hypervisor';
import type { DiskResult, ResolvedDisk } from '#jobs';
import { displaySize } from './disk-size.js';

/** Image_Disk_Create_DM for one resolved disk (guest create and add-disks alike). */
export function createMinidisk(
  hv: HypervisorClient,
  userid: string,
  d: ResolvedDisk,
): Promise<ImageDiskCreateOutput> {
  return hv.imageDiskCreateDM(userid, {
    vdev: d.vdev,
    deviceType: d.deviceType,
    pool: d.diskPool.split(':')[1],
    units: d.units,
    mode: 'MR',
    format: d.format,
  });
}

/** A disk result entry of spec §2.3: the size as asked (bare units converted), format if given. */
export function diskResult(d: ResolvedDisk): DiskResult {
  return {
    vdev: d.vdev,
    size: displaySize(d.size, d.deviceType === '3390' ? 'ECKD' : 'FBA'),
    ...(d.formatGiven ? { format: d.format } : {}),
    ...(d.isBootDisk !== undefined ? { is_boot_disk: d.isBootDisk } : {}),
    disk_pool: d.diskPool,
  };
}
