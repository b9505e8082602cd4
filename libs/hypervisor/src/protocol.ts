/**
 * Wire protocol of the `simulator` transport (HTTP/JSON), shared by the transport and
 * apps/hv-simulator. It carries the hypervisor's own interfaces, not our REST API:
 *
 *   POST /smapi/{Function_Name}  body SmapiRequest  → 200 SmapiReply   (API rc/rs in the body)
 *   POST /cp                     body CpRequest     → 200 CpReply      (CP return code in the body)
 *   GET  /health                                    → 200 { status: 'ok', systemId }
 *   POST /mgmt/{operation}?args  body input file    → 200 MgmtReply, or the output file (below)
 *   admin API (tests, demos): see apps/hv-simulator README section.
 *
 * A non-200 HTTP status means the transport failed, never that the hypervisor said no.
 */

/** Systems-management API functions the simulator implements. */
export const SMAPI_FUNCTIONS = [
  'Image_Create_DM',
  'Image_Delete_DM',
  'Image_Query_DM',
  'Image_Name_Query_DM',
  'Image_Activate',
  'Image_Deactivate',
  'Image_Disk_Create_DM',
  'Image_Disk_Delete_DM',
  'Image_Disk_Query',
  'Image_Status_Query',
  'Image_Volume_Space_Query_DM',
  'System_Info_Query',
  'System_Information_Query',
  'System_Performance_Information_Query',
  'System_WWPN_Query',
  'Query_API_Functional_Level',
  'Image_Device_Dedicate_DM',
  'Image_Device_Undedicate_DM',
  'VMRELOCATE',
  'Image_Pause',
  'Image_Lock_DM',
  'Image_Unlock_DM',
  'Image_Replace_DM',
  'Image_Performance_Query',
  'Image_Console_Get',
  'Virtual_Network_Vswitch_Query',
  'Virtual_Network_Vswitch_Create_Extended',
  'Virtual_Network_Vswitch_Query_Extended',
  'Virtual_Network_Vswitch_Delete_Extended',
  'Virtual_Network_Vswitch_Set_Extended',
  'Virtual_Network_Adapter_Create_Extended_DM',
  'Virtual_Network_Adapter_Create_Extended',
  'Virtual_Network_Adapter_Delete_DM',
  'Virtual_Network_Adapter_Delete',
  'Virtual_Network_Adapter_Connect_Vswitch_DM',
  'Virtual_Network_Adapter_Connect_Vswitch',
  'Virtual_Network_Adapter_Disconnect_DM',
  'Virtual_Network_Adapter_Disconnect',
  'Virtual_Network_Adapter_Query_Extended',
  'Virtual_Network_Vswitch_Query_Byte_Stats',
] as const;
export type SmapiFunction = (typeof SMAPI_FUNCTIONS)[number];

export interface SmapiRequest {
  /** Target userid (upper case), as the API's target identifier. */
  target: string;
  params?: Record<string, unknown>;
}

export interface SmapiReply<T = unknown> {
  rc: number;
  rs: number;
  /** Message text of a failure (what the real API would log). */
  errmsg?: string;
  output?: T;
}

export interface CpRequest {
  /** The CP command as typed at a console, e.g. `QUERY USER LINUX01`. */
  command: string;
}

export interface CpReply {
  /** CP return code; 0 success, otherwise the message number (45 = not logged on). */
  rc: number;
  lines: string[];
}

// ---- parameters and outputs of each function ----

export interface ImageCreateParams {
  /** Directory statements of the new user, first line `USER <id> …`. */
  directory: string[];
}

export interface ImageDeactivateParams {
  /** IMMED: log off at once; otherwise within the signal-shutdown time. */
  immediate: boolean;
}

export type DiskDeviceType = '3390' | '9336';

/**
 * How Image_Disk_Create_DM places a disk: from a group (AUTOG), or as a virtual disk in
 * storage (V-DISK, device type FB-512, no area). The API's AUTOR, AUTOV, DEVNO and T-DISK are
 * not implemented by the simulator.
 */
export type DiskAllocationType = 'AUTOG' | 'V-DISK';
/** The API's allocation unit sizes (1–5 on the wire). */
export const DISK_UNIT_SIZES = ['CYLINDERS', 'BLK0512', 'BLK1024', 'BLK2048', 'BLK4096'] as const;
export type DiskUnitSize = (typeof DISK_UNIT_SIZES)[number];

export interface ImageDiskCreateParams {
  vdev: string;
  /** A V-DISK is `FB-512`. */
  deviceType: DiskDeviceType | 'FB-512';
  /** Absent: AUTOG. */
  allocationType?: DiskAllocationType;
  /** Pool (group) name to allocate from (AUTOG); none for a V-DISK. */
  pool?: string;
  /** Absent: CYLINDERS for 3390, BLK0512 otherwise. */
  unitSize?: DiskUnitSize;
  /** Size in `unitSize` units: cylinders (3390) or blocks. */
  units: number;
  mode: string;
  /** File system to format with, or `none`/absent for none. */
  format?: string;
}

export interface ImageDiskCreateOutput {
  vdev: string;
  volser: string;
  start: number;
  units: number;
}

export interface ImageDiskDeleteParams {
  vdev: string;
}

export interface ImageDiskQueryParams {
  /** `ALL`, or one virtual device number (1-4 hex digits): the function's `vdasd_id=`. */
  vdasdId: string;
}

/**
 * One DASD of a logged-on guest's running configuration, as CP reports it (QUERY VIRTUAL
 * DASD): the minidisk's virtual device, the real device of the volume it is on, and its extent.
 */
export interface VirtualDasd {
  vdev: string;
  /** Real device number (4 hex digits); `VDSK` for a virtual disk in storage. */
  rdev: string;
  accessType: 'R/O' | 'R/W';
  /** `3390`, `9336`… (a virtual disk, `FB-512 V-DISK`, reports as 9336). */
  deviceType: string;
  /** In `units`. */
  size: number;
  units: 'Cylinders' | 'Blocks';
  /** Label of the volume; `(VDSK)` for a virtual disk, `(TEMP)` for a temporary one. */
  volid: string;
}

/** Image_Disk_Query: 200/4 no such user, 200/12 not logged on, 204/8 no such vdev. */
export interface ImageDiskQueryOutput {
  dasd: VirtualDasd[];
}

export interface ImageStatusOutput {
  /** Users currently logged on among the targets. */
  active: string[];
}

export interface VolumeSpaceQueryParams {
  /** Group (pool) name; or, instead, `volume` to query the one volume of that name. */
  pool?: string;
  volume?: string;
}

/** A run of free units on a volume. */
export interface FreeExtent {
  start: number;
  size: number;
}

export interface VolumeSpaceOutput {
  pool: string;
  deviceType: DiskDeviceType;
  /** Totals in the device type's units (cylinders or blocks). */
  total: number;
  free: number;
  used: number;
  volumes: {
    volser: string;
    start: number;
    size: number;
    free: number;
    /** Free runs in ascending order (what the directory manager reports as free extents). */
    freeExtents: FreeExtent[];
  }[];
}

/** System_Info_Query: the system the management guest runs on. */
export interface SystemInfoOutput {
  systemId: string;
  /** As CP's QUERY CPLEVEL names it, e.g. `z/VM 7.2.0`. */
  hypervisorVersion: string;
  hostname: string;
  /** Epoch ms of the last IPL. */
  iplTime: number;
  cecModel: string;
  architecture: string;
  cpus: number;
  /** CPUs dispatched to logged-on guests (their virtual CPUs, at most `cpus`). */
  cpusUsed: number;
  memoryMb: number;
  memoryUsedMb: number;
}

/** State of an FCP device as the hypervisor reports it. */
export type FcpDeviceState = 'free' | 'active' | 'offline' | 'notfound';

/** One FCP subchannel of System_WWPN_Query. */
export interface FcpDeviceInfo {
  /** Device number, 4 upper-case hex digits. */
  fcpId: string;
  chpid: string;
  pchid: string;
  state: FcpDeviceState;
  /** Userid the device is dedicated to, or `NONE`. */
  owner: string;
  /** NPIV WWPN (16 lower-case hex digits, no `0x`). */
  wwpnNpiv: string;
  /** WWPN of the physical port behind the CHPID. */
  wwpnPhy: string;
}

/** System_WWPN_Query: the machine's FCP devices and where this system runs. */
export interface WwpnQueryOutput {
  cpcSn: string;
  cpcName: string;
  lpar: string;
  devices: FcpDeviceInfo[];
}

/** Image_Performance_Query: counters of one logged-on guest (rc 0 rs 12 when not active). */
export interface ImagePerformanceOutput {
  guestCpus: number;
  /** CPU time the guest used since logon, µs. */
  usedCpuTimeUs: number;
  /** Time since logon, µs (as the API's "Elapsed time"). */
  elapsedCpuTimeUs: number;
  usedMemKb: number;
  maxMemKb: number;
  /** CPUs the directory defines (the API's "Minimum CPU count"). */
  minCpuCount: number;
  /** CPU cap in hundredths of a percent of one CPU; 10000 = none. */
  maxCpuLimit: number;
  /** Monitor samples that found a CPU running / waiting to run. */
  samplesCpuInUse: number;
  samplesCpuDelay: number;
  minMemKb: number;
  sharedMemKb: number;
}

/** VMRELOCATE: live guest relocation within an SSI cluster. */
export interface VmRelocateParams {
  action: 'TEST' | 'MOVE';
  /** System id of the target member. */
  destination: string;
  /** Relocate in one pass with the guest quiesced (IMMEDIATE=YES). */
  immediate?: boolean;
  /** Seconds the whole relocation may take; absent = NOLIMIT. */
  maxTotal?: number;
  /** Seconds the guest may stay quiesced; absent = NOLIMIT. */
  maxQuiesce?: number;
  /** FORCE operands: ARCHITECTURE, DOMAIN, STORAGE. */
  force?: ('ARCHITECTURE' | 'DOMAIN' | 'STORAGE')[];
}

/** One memory pass of a relocation. */
export interface RelocationPass {
  pass: number;
  /** Guest memory copied in this pass, MB. */
  megabytes: number;
  /** Simulated duration of the pass, ms. */
  ms: number;
  /** Whether the guest was quiesced during the pass (the last pass always is). */
  quiesced: boolean;
}

export interface VmRelocateOutput {
  source: string;
  destination: string;
  /** Passes of a MOVE (empty for TEST). */
  passes: RelocationPass[];
  totalMs: number;
  quiesceMs: number;
}

// Management-guest operations and the NIC query shapes live beside this file.
export * from './mgmt.protocol.js';
export * from './nic.protocol.js';
