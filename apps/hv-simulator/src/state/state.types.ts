import type { DiskDeviceType } from '#hypervisor';
import type { FcpRecord } from './fcp-record.types.js';
import type { ActiveNic, VswitchRecord } from './network.types.js';
import type { AttachedVolume, GuestOsSettings } from './guest-storage.types.js';
import type { GuestNetwork } from './guest-network.types.js';

/** One allocated extent of a volume, owned by one minidisk. */
export interface Extent {
  start: number;
  count: number;
  userid: string;
  vdev: string;
}

/** A DASD volume of a pool; `start`/`size` bound its allocatable region, in the pool's units. */
export interface VolumeRecord {
  volser: string;
  /** Real device number the volume is attached on (4 upper-case hex digits), unique system-wide. */
  rdev: string;
  start: number;
  size: number;
  extents: Extent[];
}

/** A directory-manager group (disk pool): volumes of one device type. */
export interface PoolRecord {
  name: string;
  deviceType: DiskDeviceType;
  volumes: VolumeRecord[];
}

/** A pool-allocated minidisk; its MDISK statement is also in the owner's directory. */
export interface MinidiskRecord {
  vdev: string;
  deviceType: DiskDeviceType;
  pool: string;
  volser: string;
  start: number;
  units: number;
  mode: string;
  /** File system written on it (`ext4`, `xfs`, `swap`…) or `none`. */
  format: string;
  /**
   * Units the (root) file system spans when it ends before the disk does, e.g. an image of
   * fewer cylinders deployed onto it; absent = it fills the disk (guestconf/filesystems.ts).
   */
  fsUnits?: number;
}

/** A disk the guest OS mounted (or uses as swap, `mountPoint` `swap`), kept in its fstab. */
export interface GuestMount {
  mountPoint: string;
  vdev: string;
  fs: string;
}

/** A file in a user's virtual reader; its bytes are in the state dir (DiskFiles.spoolPath). */
export interface SpoolFileRecord {
  spoolId: number;
  spoolClass: string;
  name: string;
  size: number;
  /** Arrival, ISO 8601. */
  time: string;
  /** Who sent it; absent = the management guest (its punch). */
  origin?: string;
  /** The spooling device: `CON` a console file; absent = `PUN`, a punched file. */
  type?: 'PUN' | 'CON';
}

export interface UserRecord {
  userid: string;
  /** Directory statements, first `USER <id> <pw> <mem> <maxmem> <class>`. */
  directory: string[];
  loggedOn: boolean;
  /**
   * SSI member the logged-on user runs on; absent = the simulator's own system (Image_Activate
   * logs users on there, VMRELOCATE moves them).
   */
  member?: string;
  paused: boolean;
  /** Epoch ms when a signalled (non-immediate) shutdown ends in logoff; absent when none. */
  logoffAt?: number;
  /** Virtual devices of the running configuration (meaningful while logged on). */
  activeDevices: string[];
  disks: Record<string, MinidiskRecord>;
  /** Spool files waiting in the virtual reader, oldest first. */
  reader: SpoolFileRecord[];
  /** The OS that booted at the last logon (null: none recognised); absent while logged off. */
  os?: { distro: string; kernel: string } | null;
  /** Image_Lock_DM holds the directory entry for an update (until Replace or Unlock). */
  locked?: boolean;
  /**
   * Console spool of the current logon: only kept when the directory's
   * `COMMAND SP CONS * START` ran at logon (CP spools nothing otherwise); absent when none.
   */
  console?: string[];
  /** The running configuration made at logon (CPUs, storage, when); stale while logged off. */
  running?: { cpus: number; memMb: number; since: number };
  /** Last run of the guest's configuration service (guestconf/); absent = never ran. */
  configure?: { status: number; pid: number };
  /** Disks the guest OS mounts at boot (its fstab, guestconf/); absent = none. */
  mounts?: GuestMount[];
  /** NICs of the running configuration by vdev (network/); absent = none. */
  activeNics?: Record<string, ActiveNic>;
  /** Guest OS switches for volume work (storage/); absent = DEFAULT_OS_SETTINGS. */
  osSettings?: GuestOsSettings;
  /** SCSI volumes configured in the guest OS (storage/volume-scripts.ts); absent = none. */
  volumes?: AttachedVolume[];
  /** The guest OS's network configuration (network/guest-network.ts); absent = none yet. */
  guestNetwork?: GuestNetwork;
}

/** Everything the simulator persists. */
export interface SimState {
  version: 1;
  systemId: string;
  /** Names of directory profiles that `INCLUDE` may name. */
  profiles: string[];
  users: Record<string, UserRecord>;
  pools: Record<string, PoolRecord>;
  /** Last spool id given out (system-wide, as CP numbers spool files); absent = none yet. */
  spoolSeq?: number;
  /** The management guest's own reader (Image_Console_Get's console files); absent = empty. */
  managementReader?: SpoolFileRecord[];
  /** FCP devices (fcp/fcp.inventory.ts); absent = the default inventory, seeded on first use. */
  fcp?: FcpRecord[];
  /** Vswitches by name (network/); absent = none defined. */
  vswitches?: Record<string, VswitchRecord>;
}
