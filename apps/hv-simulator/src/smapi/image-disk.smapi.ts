import type { DiskDeviceType, ImageDiskCreateOutput } from '#hypervisor';
import {
  definedDevices,
  keyword,
  mdiskStatement,
  normVdev,
  words,
} from '../state/directory.parser.js';
import { unitsToBytes } from '../state/geometry.constants.js';
import { allocate, release } from '../state/pool.allocator.js';
import { CODES, fail, syntax, SYNTAX } from '../smapi-kit/smapi.codes.js';
import { OK, requireUser, vdevParam, type SmapiHandler } from '../smapi-kit/smapi.context.js';

/** CP link modes a minidisk statement may carry. */
const MODES = [
  'R',
  'RR',
  'W',
  'WR',
  'M',
  'MR',
  'MW',
  'MWV',
  'WV',
  'RV',
  'SR',
  'SW',
  'SM',
  'ER',
  'EW',
];
/** File systems the management guest can write; `none` leaves the disk unformatted. */
const FORMATS = ['none', 'ext2', 'ext3', 'ext4', 'xfs', 'swap'];

// Parameter numbers of Image_Disk_Create_DM, in SMAPI order (target_identifier = 1).
const P = {
  vdev: 2,
  type: 3,
  allocation: 4,
  pool: 5,
  unit: 6,
  size: 7,
  mode: 8,
  format: 9,
} as const;

/** The API's allocation types; the simulator places AUTOG and V-DISK disks only. */
const ALLOCATIONS = ['AUTOG', 'AUTOR', 'AUTOV', 'DEVNO', 'T-DISK', 'V-DISK'];
/** 512-byte blocks per unit of each FBA unit size. */
const BLOCKS: Readonly<Record<string, number>> = { BLK0512: 1, BLK1024: 2, BLK2048: 4, BLK4096: 8 };

interface DiskRequest {
  vdev: string;
  deviceType: DiskDeviceType;
  /** Group to allocate from; none for a virtual disk. */
  pool: string;
  /** Cylinders (3390) or 512-byte blocks. */
  units: number;
  mode: string;
  format: string;
  virtual: boolean;
}

/** Allocation type, device type and unit size together: what the directory manager accepts. */
function placement(params: Record<string, unknown>): { virtual: boolean; blocksPerUnit: number } {
  const allocation = (
    typeof params.allocationType === 'string' ? params.allocationType : 'AUTOG'
  ).toUpperCase();
  if (!ALLOCATIONS.includes(allocation)) {
    throw syntax(P.allocation, SYNTAX.UNRECOGNISED, `allocation type ${allocation}`);
  }
  // AUTOR, AUTOV, DEVNO and T-DISK are the API's too, but the simulator places none of them:
  // it refuses them like an unknown type (a deliberate difference, LAYOUTS.md).
  if (allocation !== 'AUTOG' && allocation !== 'V-DISK') {
    throw syntax(
      P.allocation,
      SYNTAX.UNRECOGNISED,
      `allocation type ${allocation} is not simulated`,
    );
  }
  const virtual = allocation === 'V-DISK';
  const { deviceType } = params;
  const types = virtual ? ['FB-512'] : ['3390', '9336'];
  if (typeof deviceType !== 'string' || !types.includes(deviceType)) {
    throw syntax(P.type, SYNTAX.UNRECOGNISED, `device type must be ${types.join(' or ')}`);
  }
  const unit =
    typeof params.unitSize === 'string'
      ? params.unitSize.toUpperCase()
      : deviceType === '3390'
        ? 'CYLINDERS'
        : 'BLK0512';
  const ckd = deviceType === '3390';
  if (ckd ? unit !== 'CYLINDERS' : !(unit in BLOCKS)) {
    throw syntax(P.unit, SYNTAX.UNRECOGNISED, `unit ${unit} for a ${deviceType} disk`);
  }
  return { virtual, blocksPerUnit: ckd ? 1 : BLOCKS[unit] };
}

function diskRequest(params: Record<string, unknown>): DiskRequest {
  const vdev = vdevParam(params.vdev, P.vdev);
  const { virtual, blocksPerUnit } = placement(params);
  const { pool, units } = params;
  if (!virtual && (pool === undefined || pool === '')) {
    throw syntax(P.pool, SYNTAX.MISSING, 'pool is required');
  }
  if (!virtual && (typeof pool !== 'string' || !/^[A-Z0-9@#$_-]{1,8}$/i.test(pool))) {
    throw syntax(P.pool, SYNTAX.BAD_CHARS, `invalid pool name ${JSON.stringify(pool)}`);
  }
  if (typeof units !== 'number' || !Number.isSafeInteger(units)) {
    throw syntax(P.size, SYNTAX.NOT_DIGITS, 'units must be a whole number');
  }
  if (units < 1) throw syntax(P.size, SYNTAX.TOO_SMALL, 'units must be at least 1');
  const mode = typeof params.mode === 'string' ? params.mode.toUpperCase() : params.mode;
  if (mode !== undefined && (typeof mode !== 'string' || !MODES.includes(mode))) {
    throw syntax(P.mode, SYNTAX.UNRECOGNISED, `invalid mode ${JSON.stringify(params.mode)}`);
  }
  const format = typeof params.format === 'string' ? params.format.toLowerCase() : params.format;
  if (format !== undefined && (typeof format !== 'string' || !FORMATS.includes(format))) {
    throw syntax(P.format, SYNTAX.UNRECOGNISED, `invalid format ${JSON.stringify(params.format)}`);
  }
  // The reference passes mode W when none is given (smtLayer/changeVM.py add3390).
  return {
    vdev,
    // a virtual disk's blocks are 9336-sized
    deviceType: virtual ? '9336' : (params.deviceType as DiskDeviceType),
    pool: virtual ? '' : String(pool).toUpperCase(),
    units: units * blocksPerUnit,
    mode: mode ?? 'W',
    format: format ?? 'none',
    virtual,
  };
}

/**
 * Image_Disk_Create_DM (allocation type AUTOG; V-DISK below): carves the minidisk from the group's volumes
 * (first fit), adds its MDISK statement and, when the user is logged on, links it into the
 * running guest too (the reference follows up with Image_Disk_Create for that). Its bytes are
 * a sparse file of the disk's size, with a file-system signature when `format` is given.
 */
export const imageDiskCreateDM: SmapiHandler = (ctx, target, params) => {
  const req = diskRequest(params);
  const u = requireUser(ctx, target, CODES.DEF_NOT_FOUND);
  const existing = definedDevices(u.directory).get(req.vdev);
  if (existing === 'MDISK') throw fail(CODES.DISK_DEFINED, `${target} ${req.vdev}`);
  if (existing) throw fail(CODES.DEVICE_DEFINED, `${target} ${req.vdev} is a ${existing}`);
  if (req.virtual) return virtualDisk(ctx, u, target, req);
  const pool = ctx.state.pool(req.pool);
  if (!pool) throw fail(CODES.GROUP_NOT_DEFINED, req.pool);
  if (pool.deviceType !== req.deviceType) {
    throw fail(
      CODES.DEVICE_TYPE_MISMATCH,
      `${req.pool} holds ${pool.deviceType}, not ${req.deviceType}`,
    );
  }
  const place = allocate(pool, req.units, target, req.vdev);
  if (!place) throw fail(CODES.DISK_SPACE, `${req.units} contiguous units in ${req.pool}`);
  try {
    const bytes = unitsToBytes(req.deviceType, req.units);
    ctx.state.files.createMinidisk(target, req.vdev, bytes, req.format);
  } catch (e) {
    release(ctx.state.pools, target, req.vdev);
    throw e;
  }

  u.directory.push(
    mdiskStatement(req.vdev, req.deviceType, place.start, req.units, place.volser, req.mode),
  );
  const { virtual: _virtual, ...disk } = req;
  u.disks[req.vdev] = { ...disk, volser: place.volser, start: place.start };
  if (u.loggedOn && !u.activeDevices.includes(req.vdev)) u.activeDevices.push(req.vdev);
  ctx.state.changed();
  const output: ImageDiskCreateOutput = {
    vdev: req.vdev,
    volser: place.volser,
    start: place.start,
    units: req.units,
  };
  return { ...OK, output };
};

/** A V-DISK: a disk in storage, no pool space; its MDISK statement names no volume. */
function virtualDisk(
  ctx: Parameters<SmapiHandler>[0],
  u: ReturnType<typeof requireUser>,
  target: string,
  req: DiskRequest,
): ReturnType<SmapiHandler> {
  ctx.state.files.createMinidisk(target, req.vdev, unitsToBytes('9336', req.units), req.format);
  u.directory.push(`MDISK ${req.vdev} FB-512 V-DISK ${req.units} ${req.mode}`);
  if (u.loggedOn && !u.activeDevices.includes(req.vdev)) u.activeDevices.push(req.vdev);
  ctx.state.changed();
  const output: ImageDiskCreateOutput = {
    vdev: req.vdev,
    volser: 'V-DISK',
    start: 0,
    units: req.units,
  };
  return { ...OK, output };
}

/**
 * Image_Disk_Delete_DM: removes the MDISK statement and frees its extent. The disk also leaves
 * the running configuration (the reference detaches it in the guest first).
 */
export const imageDiskDeleteDM: SmapiHandler = (ctx, target, params) => {
  const vdev = vdevParam(params.vdev, 2);
  const u = requireUser(ctx, target, CODES.DEF_NOT_FOUND);
  const isThisMdisk = (line: string): boolean =>
    keyword(line) === 'MDISK' && normVdev(words(line)[1] ?? '') === vdev;
  if (!u.directory.some(isThisMdisk)) throw fail(CODES.DISK_NOT_EXIST, `${target} ${vdev}`);
  u.directory = u.directory.filter((l) => !isThisMdisk(l));
  release(ctx.state.pools, target, vdev);
  delete u.disks[vdev];
  ctx.state.files.remove(ctx.state.files.minidiskPath(target, vdev));
  u.activeDevices = u.activeDevices.filter((d) => d !== vdev);
  ctx.state.changed();
  return OK;
};
