import { normVdev } from '../state/directory.parser.js';
import { bootDevice } from '../state/guest-os.js';
import type { ConfigScript } from '../state/guest-config.types.js';

/** `key=value` words of a setup file (the reference passes them as the script's invparms). */
function parms(content: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const word of content.trim().split(/\s+/)) {
    const eq = word.indexOf('=');
    if (eq > 0) out[word.slice(0, eq)] = word.slice(eq + 1);
  }
  return out;
}

const FILE_SYSTEMS = ['ext2', 'ext3', 'ext4', 'xfs', 'swap', 'none'];

/**
 * setupDisk (`action=addMdisk vaddr=<vdev> filesys=<fs> mntdir=<dir>`): brings the minidisk
 * online, makes the file system (none: leaves the disk alone) and mounts it, adding it to the
 * fstab so it is mounted at every boot; swap is activated instead. Exit 1 when the vdev is not
 * a minidisk of the guest (or is its root), 2 for parameters it does not understand.
 */
export const setupDisk: ConfigScript = (state, u, file) => {
  const p = parms(file.content);
  const vdev = normVdev(p.vaddr ?? '');
  const fs = p.filesys ?? '';
  if (p.action !== 'addMdisk' || !vdev || !FILE_SYSTEMS.includes(fs) || !p.mntdir) return 2;
  const disk = u.disks[vdev];
  if (!disk || vdev === bootDevice(u.directory)) return 1;
  if (fs === 'none') return 0;
  disk.format = fs;
  delete disk.fsUnits;
  const mountPoint = fs === 'swap' ? 'swap' : p.mntdir;
  u.mounts = [
    ...(u.mounts ?? []).filter((m) => m.vdev !== vdev && m.mountPoint !== mountPoint),
    { mountPoint, vdev, fs },
  ];
  state.changed();
  return 0;
};

/**
 * The grow script (`gpartvol.sh`): extends the root partition and its file system to the end
 * of the root disk. Exit 1 when no root disk is found; a root that already fills its disk is
 * left alone (0).
 */
export const growRootVolume: ConfigScript = (state, u) => {
  const root = bootDevice(u.directory);
  const disk = root ? u.disks[root] : undefined;
  if (!disk || !u.os) return 1;
  if (disk.fsUnits === undefined) return 0;
  delete disk.fsUnits;
  state.changed();
  return 0;
};
