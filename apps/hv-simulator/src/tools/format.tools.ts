import { DiskLinkTable, type LinkedDisk } from './disk-link.table.js';
import { mgmtCall, print, simulatorUrl } from './tool.http.js';
import { toolIo } from './tool.io.js';

const USAGE = 1;
/** What the disk tools exit with when the device is not there (no such file). */
const NO_DEVICE = 1;
/** The zthin scripts' "the work failed". */
const FAILED = 3;
const normId = (s: string): string => s.toUpperCase();
const normVdev = (s: string): string => s.toUpperCase().padStart(4, '0');

function table(): DiskLinkTable {
  return new DiskLinkTable(simulatorUrl());
}

/** The linked disk a disk tool was pointed at, or its error printed. */
function linked(tool: string, path: string | undefined): LinkedDisk | undefined {
  const disk = path ? table().byDevice(path) : undefined;
  if (!disk) toolIo().stderr(`${tool}: cannot open ${path ?? '(no device)'}: No such device\n`);
  return disk;
}

/**
 * `linkdiskandbringonline userid vdev mode` (zthin): links the minidisk to the management
 * guest and brings it online; prints the line installFS reads its device name from.
 */
export function linkdiskandbringonline(args: string[]): Promise<number> {
  const [userid, vdev, mode] = args;
  if (!userid || !vdev || !mode || args.length !== 3) {
    toolIo().stderr('ERROR: Usage: linkdiskandbringonline userid vdev mode\n');
    return Promise.resolve(USAGE);
  }
  const id = normId(userid);
  const addr = normVdev(vdev);
  const l = table().link(id, addr);
  const at = (0xad00 + l.device.charCodeAt(4) - 97).toString(16);
  print('stdout', [`Success: Userid ${id} vdev ${addr} linked at ${at} device name ${l.device}`]);
  return Promise.resolve(0);
}

/** `offlinediskanddetach userid vdev` (zthin): the disk offline and detached again. */
export function offlinediskanddetach(args: string[]): Promise<number> {
  const [userid, vdev] = args;
  if (!userid || !vdev || args.length !== 2) {
    toolIo().stderr('ERROR: Usage: offlinediskanddetach userid vdev\n');
    return Promise.resolve(USAGE);
  }
  table().detach(normId(userid), normVdev(vdev));
  return Promise.resolve(0);
}

/**
 * `dasdfmt … device`, `fdasd -a device`, `fdisk device` and `blockdev --flushbufs device`:
 * the simulator keeps no partition table nor low-level format, so they only check that the
 * device is a linked disk (the device is their last argument, fdisk's its first).
 */
export function diskTool(tool: string, args: string[]): Promise<number> {
  const path = tool === 'fdisk' ? args[0] : args.at(-1);
  if (tool === 'fdisk') toolIo().drainStdin(); // its commands, read and let go
  return Promise.resolve(linked(tool, path) ? 0 : NO_DEVICE);
}

/** The file system a mkfs-like tool writes, and the partition it writes it to. */
function mkfsTarget(tool: string, args: string[]): { fstype: string; path?: string } | string {
  if (tool === 'mkswap') return { fstype: 'swap', path: args.at(-1) };
  if (tool === 'mkfs.xfs') return { fstype: 'xfs', path: args.at(-1) };
  const t = args.indexOf('-t');
  const fstype = t >= 0 ? args[t + 1] : undefined;
  return fstype ? { fstype, path: args.at(-1) } : 'usage: mkfs [-F] -t fstype device';
}

/**
 * `mkfs -F -t fs device1`, `mkfs.xfs -f device1`, `mkswap device1`: the file system on the
 * linked disk's first partition, by the simulator's installfs (which fails as the link would
 * when the user or disk is not in the directory).
 */
export async function mkfsTool(tool: string, args: string[]): Promise<number> {
  const target = mkfsTarget(tool, args);
  if (typeof target === 'string') {
    toolIo().stderr(`${tool}: ${target}\n`);
    return USAGE;
  }
  if (!target.path?.endsWith('1')) {
    toolIo().stderr(`${tool}: ${target.path ?? '(no device)'} is not a partition\n`);
    return USAGE;
  }
  const disk = linked(tool, target.path);
  if (!disk) return NO_DEVICE;
  const q = { userid: disk.userid, vdev: disk.vdev, fstype: target.fstype };
  const r = await mgmtCall(tool, 'installfs', q);
  print(r.rc === 0 ? 'stdout' : 'stderr', r.lines);
  return r.rc === 0 ? 0 : FAILED;
}

/** blkid's exit status when no file system signature is found. */
const BLKID_NOTHING = 2;

/**
 * `blkid -o value -s TYPE device1`: the file system type on the linked disk's first partition
 * (the simulator's queryfs), exit 2 when it has none.
 */
export async function blkidTool(args: string[]): Promise<number> {
  const path = args.at(-1);
  if (!path?.endsWith('1')) {
    toolIo().stderr(`blkid: ${path ?? '(no device)'} is not a partition\n`);
    return USAGE;
  }
  const disk = linked('blkid', path);
  if (!disk) return NO_DEVICE;
  const r = await mgmtCall('blkid', 'queryfs', { userid: disk.userid, vdev: disk.vdev });
  if (r.rc !== 0) {
    print('stderr', r.lines);
    return FAILED;
  }
  const fstype = r.lines[0];
  if (!fstype) return BLKID_NOTHING;
  print('stdout', [fstype]);
  return 0;
}
