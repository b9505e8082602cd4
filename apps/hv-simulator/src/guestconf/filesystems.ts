import { bootDevice } from '../state/guest-os.js';
import { unitsToBytes } from '../state/geometry.constants.js';
import type { MinidiskRecord, UserRecord } from '../state/state.types.js';

/** Linux names DASDs in device-number order: dasda, dasdb, … (enough for a guest's disks). */
export function dasdName(u: UserRecord, vdev: string): string {
  const index = Object.keys(u.disks).sort().indexOf(vdev);
  return `/dev/dasd${String.fromCharCode(97 + Math.max(0, index))}`;
}

/** Bytes the file system on a disk spans (the root one may end before the disk). */
export function fsBytes(d: MinidiskRecord): number {
  return unitsToBytes(d.deviceType, d.fsUnits ?? d.units);
}

interface Mounted {
  device: string;
  mountPoint: string;
  fs: string;
  bytes: number;
}

/** What the running OS has mounted: its root (the IPL disk) and the fstab's disks. */
export function mounted(u: UserRecord): Mounted[] {
  if (!u.os) return [];
  const out: Mounted[] = [];
  const root = bootDevice(u.directory);
  const rootDisk = root ? u.disks[root] : undefined;
  if (root && rootDisk) {
    const fs = rootDisk.format === 'none' ? 'ext4' : rootDisk.format; // an image's own fs
    out.push({ device: `${dasdName(u, root)}1`, mountPoint: '/', fs, bytes: fsBytes(rootDisk) });
  }
  for (const m of u.mounts ?? []) {
    const d = u.disks[m.vdev];
    if (!d || m.mountPoint === 'swap') continue;
    out.push({
      device: `${dasdName(u, m.vdev)}1`,
      mountPoint: m.mountPoint,
      fs: m.fs,
      bytes: fsBytes(d),
    });
  }
  return out;
}

/** `cat /proc/mounts`. */
export function procMounts(u: UserRecord): string[] {
  return mounted(u).map((m) => `${m.device} ${m.mountPoint} ${m.fs} rw,relatime 0 0`);
}

/** `cat /proc/swaps`. */
export function procSwaps(u: UserRecord): string[] {
  const swaps = (u.mounts ?? []).filter((m) => m.mountPoint === 'swap' && u.disks[m.vdev]);
  return [
    'Filename\t\t\t\tType\t\tSize\t\tUsed\t\tPriority',
    ...swaps.map(
      (m) =>
        `${dasdName(u, m.vdev)}1\t\t\t\tpartition\t${fsBytes(u.disks[m.vdev]) / 1024}\t\t0\t\t-2`,
    ),
  ];
}

/** `df -k`: sizes in 1K blocks; a fresh file system uses 2 % for its own metadata. */
export function dfLines(u: UserRecord): string[] {
  return [
    'Filesystem     1K-blocks    Used Available Use% Mounted on',
    ...mounted(u).map((m) => {
      const size = Math.floor(m.bytes / 1024);
      const used = Math.ceil(size * 0.02);
      const pct = size ? Math.ceil((100 * used) / size) : 0;
      return `${m.device} ${size} ${used} ${size - used} ${pct}% ${m.mountPoint}`;
    }),
  ];
}
