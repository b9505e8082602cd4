import { HvError, type Userid } from '#envelope';
import {
  type ImageDiskCreateOutput,
  type ManagementGuestOps,
  type SystemsManagement,
  tolerating,
} from '#hypervisor';
import type { DiskResult, ResolvedDisk } from '#jobs';
import type { ProbeResult } from '#operations';
import { displaySize } from './disk-size.js';

/** The mode the service defines minidisks with, and links them in to format them. */
const DISK_MODE = 'MR';

/**
 * Image_Disk_Create_DM for one resolved disk (guest create and add-disks alike). It carries no
 * file system: as in the reference, the management guest formats the disk afterwards
 * (formatMinidisk).
 */
export function createMinidisk(
  hv: SystemsManagement,
  userid: Userid,
  d: ResolvedDisk,
): Promise<ImageDiskCreateOutput> {
  return hv.imageDiskCreateDM(userid, {
    vdev: d.vdev,
    deviceType: d.deviceType,
    pool: d.diskPool.split(':')[1],
    units: d.units,
    mode: DISK_MODE,
  });
}

/** Whether the disk asks for a Linux file system (`none`: left unformatted, e.g. a root disk). */
export function wantsFileSystem(d: ResolvedDisk): boolean {
  return d.format.toLowerCase() !== 'none';
}

/**
 * How long after a lost format began it is probed before it is repeated: longer than a format
 * takes (the simulator's realistic profile: 4 s), so one still running for a dead worker (its
 * tool goes on without it) is found and adopted instead of run twice (issue #58 item 4).
 */
export const FORMAT_SETTLE_MS = 30_000;

/**
 * installfs for a disk just created. It needs no undo of its own: the disk's undo deletes the
 * disk with its file system. In doubt (its worker died, its answer was lost) it is probed
 * (fileSystemProbe): found, it is not run again. Not found within FORMAT_SETTLE_MS of its
 * start, it is safe to repeat: the disk is this operation's own, still empty, and a repeat, or
 * the lost call landing after it, writes the same file system on it again (the probe then
 * checks its type).
 */
export function formatMinidisk(
  guestOps: ManagementGuestOps,
  userid: Userid,
  d: ResolvedDisk,
): Promise<void> {
  return guestOps.installFileSystem(userid, d.vdev, {
    fstype: d.format.toLowerCase(),
    deviceType: d.deviceType,
    mode: DISK_MODE,
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

/**
 * The probe of a disk create in doubt: the directory holds an MDISK at the vdev of the device
 * type and size asked (exactly what was asked, not merely something at that address).
 */
export async function minidiskProbe(
  hv: SystemsManagement,
  userid: Userid,
  d: ResolvedDisk,
): Promise<ProbeResult> {
  // no such user (an answer) is no disk; a link failure is thrown: nothing was learnt
  const lines = await hv.imageQueryDM(userid).catch((e: unknown) => {
    if (e instanceof HvError && e.overallRC === 8) return [] as string[];
    throw e;
  });
  const vdev = d.vdev.replace(/^0+/, '');
  const found = lines
    .map((l) => l.trim().split(/\s+/))
    .find((w) => w[0]?.toUpperCase() === 'MDISK' && w[1]?.replace(/^0+/, '') === vdev);
  if (!found) return 'absent';
  // MDISK vdev type start units volser mode (a V-DISK: MDISK vdev FB-512 V-DISK units mode)
  const units = Number(found[4]);
  const type = found[3]?.toUpperCase() === 'V-DISK' || found[2] === d.deviceType;
  return type && units === d.units ? 'done' : 'absent';
}

/**
 * The disk create again, for a create in doubt: a repeat after the lost call landed is 408/4
 * "Image disk already defined", which counts as done (the probe then checks type and size).
 */
export function repeatMinidisk(
  hv: SystemsManagement,
  userid: Userid,
  d: ResolvedDisk,
): Promise<void> {
  return tolerating(createMinidisk(hv, userid, d), [408, 4]);
}

/**
 * The probe of a format step in doubt: done when the disk holds the file system it asked for
 * (read back with queryfs). The disk was created by the same operation, so a file system on it
 * is this step's.
 */
export async function fileSystemProbe(
  guestOps: ManagementGuestOps,
  userid: Userid,
  d: ResolvedDisk,
): Promise<ProbeResult> {
  const found = await guestOps.fileSystemOf(userid, d.vdev);
  return found?.toLowerCase() === d.format.toLowerCase() ? 'done' : 'absent';
}
