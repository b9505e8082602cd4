import {
  DISK_UNIT_SIZES,
  type DiskUnitSize,
  type ImageDiskQueryOutput,
  type ImagePerformanceOutput,
  type VirtualDasd,
} from '../protocol.js';
import type { OutputRecord } from './layout.types.js';
import { recordsOf, stringsOf, wireText, type FunctionMapping } from './mapping.types.js';
import { VOLUME_SPACE_MAPPING } from './volume-space.mapping.js';

const none = (): undefined => undefined;
const num = (v: unknown): number => (typeof v === 'bigint' ? Number(v) : Number(v ?? 0));
const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

/**
 * Image_Disk_Create_DM allocation_unit_size: 1 CYLINDERS … 5 BLK4096 (DISK_UNIT_SIZES order);
 * absent, CYLINDERS for a 3390 and BLK0512 for FBA.
 */
export function unitCode(p: Readonly<Record<string, unknown>>): number {
  const given = DISK_UNIT_SIZES.indexOf(p.unitSize as DiskUnitSize);
  if (given >= 0) return given + 1;
  return p.deviceType === '3390' ? 1 : 2;
}
/**
 * Image_Disk_Create_DM image_disk_formatting: 0 unspecified, 1 NONE. The reference never asks
 * the directory manager for a Linux file system (it sends 1): it formats the disk from the
 * management guest afterwards, as the service does (the installfs management operation), so
 * the service leaves `format` out and 1 goes. A file system named in the JSON params (`ext4`,
 * `xfs`…, a simulator convenience for other callers) is not carried: it goes as 0.
 */
export const FORMAT_UNSPECIFIED = 0;
export const FORMAT_NONE = 1;

function dasd(r: OutputRecord): VirtualDasd {
  return {
    vdev: wireText(r.vdev).trim(),
    rdev: wireText(r.rdev).trim(),
    accessType: r.accessType === 1 ? 'R/O' : 'R/W',
    deviceType: wireText(r.deviceType).trim(),
    size: num(r.size),
    units: r.unit === 1 ? 'Cylinders' : 'Blocks',
    volid: wireText(r.volid),
  };
}

function performance(output: OutputRecord): ImagePerformanceOutput | undefined {
  const [r] = recordsOf(output, 'records');
  if (!r) return undefined; // rc 0 rs 12: the guest is not logged on
  return {
    guestCpus: num(r.guestCpus),
    usedCpuTimeUs: num(r.usedCpuTime),
    elapsedCpuTimeUs: num(r.elapsedTime),
    usedMemKb: num(r.usedMemory),
    maxMemKb: num(r.maxMemory),
    minCpuCount: num(r.minCpuCount),
    maxCpuLimit: num(r.maxCpuLimit),
    samplesCpuInUse: num(r.samplesCpuInUse),
    samplesCpuDelay: num(r.samplesCpuDelay),
    minMemKb: num(r.minMemory),
    sharedMemKb: num(r.sharedMemory),
  };
}

export const IMAGE_MAPPINGS = {
  // Prototype, initial password and account are left empty: the directory carries them.
  Image_Create_DM: {
    toWire: (p) => ({
      prototypeName: '',
      initialPassword: '',
      initialAccountNumber: '',
      directory: list(p.directory),
    }),
    fromWire: none,
  },
  // data_security_erase 0: the directory manager's default, as the reference sends.
  Image_Delete_DM: { toWire: () => ({ dataSecurityErase: 0 }), fromWire: none },
  // Card images: the statement is columns 1–72 (73–80 hold the sequence number), trimmed as
  // the reference's smcli prints it.
  Image_Query_DM: {
    toWire: () => ({}),
    fromWire: (o) => stringsOf(o, 'directory', 'record').map((r) => r.slice(0, 72).trim()),
  },
  Image_Name_Query_DM: { toWire: () => ({}), fromWire: (o) => stringsOf(o, 'names', 'name') },
  Image_Activate: { toWire: () => ({}), fromWire: none },
  // force_time IMMED logs off at once; empty = within the signal-shutdown time.
  Image_Deactivate: {
    toWire: (p) => ({ forceTime: p.immediate === false ? '' : 'IMMED' }),
    fromWire: none,
  },
  // Allocation AUTOG from the pool (group) unless told otherwise (a V-DISK has no area); the
  // answer carries an operation id only, so the extent the simulator's JSON reports (volser,
  // start) does not come back over the wire.
  Image_Disk_Create_DM: {
    toWire: (p) => ({
      imageDiskNumber: wireText(p.vdev),
      imageDiskDeviceType: wireText(p.deviceType),
      imageDiskAllocationType: wireText(p.allocationType) || 'AUTOG',
      allocationAreaNameOrVolser: wireText(p.pool),
      allocationUnitSize: unitCode(p),
      imageDiskSize: num(p.units),
      imageDiskMode: wireText(p.mode),
      imageDiskFormatting:
        p.format === undefined || wireText(p.format).toLowerCase() === 'none'
          ? FORMAT_NONE
          : FORMAT_UNSPECIFIED,
      imageDiskLabel: '',
      readPassword: '',
      writePassword: '',
      multiPassword: '',
    }),
    fromWire: none,
  },
  Image_Disk_Delete_DM: {
    toWire: (p) => ({ imageDiskNumber: wireText(p.vdev), dataSecurityErase: 0 }),
    fromWire: none,
  },
  Image_Disk_Query: {
    toWire: (p) => ({ keys: [`vdasd_id=${wireText(p.vdasdId) || 'ALL'}`] }),
    fromWire: (o): ImageDiskQueryOutput => ({ dasd: recordsOf(o, 'dasd').map(dasd) }),
  },
  Image_Status_Query: {
    toWire: () => ({}),
    fromWire: (o) => ({ active: stringsOf(o, 'active', 'name') }),
  },
  Image_Volume_Space_Query_DM: VOLUME_SPACE_MAPPING,
  Image_Device_Dedicate_DM: {
    toWire: (p) => ({
      imageDeviceNumber: wireText(p.vdev ?? p.realDevice),
      realDeviceNumber: wireText(p.realDevice ?? p.vdev),
      readonly: 0,
    }),
    fromWire: none,
  },
  Image_Device_Undedicate_DM: {
    toWire: (p) => ({ imageDeviceNumber: wireText(p.vdev) }),
    fromWire: none,
  },
  Image_Pause: { toWire: (p) => ({ pause: p.pause ? 'PAUSE=YES' : 'PAUSE=NO' }), fromWire: none },
  // Empty device address: the lock is on the whole directory entry.
  Image_Lock_DM: { toWire: () => ({ deviceAddress: '' }), fromWire: none },
  Image_Unlock_DM: { toWire: () => ({ deviceAddress: '' }), fromWire: none },
  Image_Replace_DM: { toWire: (p) => ({ directory: list(p.directory) }), fromWire: none },
  // The target is the guest, whose console file goes to the caller's reader.
  Image_Console_Get: { toWire: () => ({}), fromWire: none },
  // The target identifier is the caller; the guest goes in the list (smcliUnDocumented.c).
  Image_Performance_Query: {
    callerAsTarget: true,
    toWire: (_p, target) => ({ guests: [target] }),
    fromWire: performance,
  },
} as const satisfies Record<string, FunctionMapping>;
