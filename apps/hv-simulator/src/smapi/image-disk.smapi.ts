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
const P = { vdev: 2, type: 3, pool: 5, size: 7, mode: 8, format: 9 } as const;

interface DiskRequest {
  vdev: string;
  deviceType: DiskDeviceType;
  pool: string;
  units: number;
  mode: string;
  format: string;
}

function diskRequest(params: Record<string, unknown>): DiskRequest {
  const vdev = vdevParam(params.vdev, P.vdev);
  const { deviceType, pool, units } = params;
  if (deviceType !== '3390' && deviceType !== '9336') {
    throw syntax(P.type, SYNTAX.UNRECOGNISED, `deviceType must be 3390 or 9336`);
  }
  if (pool === undefined || pool === '') throw syntax(P.pool, SYNTAX.MISSING, 'pool is required');
  if (typeof pool !== 'string' || !/^[A-Z0-9@#$_-]{1,8}$/i.test(pool)) {
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
    deviceType,
    pool: pool.toUpperCase(),
    units,
    mode: mode ?? 'W',
    format: format ?? 'none',
  };
}

/**
 * Image_Disk_Create_DM (allocation type AUTOG): carves the minidisk from the group's volumes
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
  u.disks[req.vdev] = { ...req, volser: place.volser, start: place.start };
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
