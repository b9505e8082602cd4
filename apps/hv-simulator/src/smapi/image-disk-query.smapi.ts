import type { ImageDiskQueryOutput, VirtualDasd } from '#hypervisor';
import { keyword, normVdev, words } from '../state/directory.parser.js';
import type { PoolRecord, UserRecord } from '../state/state.types.js';
import { CODES, fail, syntax, SYNTAX } from '../smapi-kit/smapi.codes.js';
import { OK, requireUser, type SmapiHandler } from '../smapi-kit/smapi.context.js';

/** Link modes that give write access (CP MDISK/LINK mode letters). */
const WRITE_MODES = /^(W|M)/i;

/** `ALL` or one normalised vdev, from `vdasdId` (the function's `vdasd_id=` keyword). */
function selector(value: unknown): string {
  if (value === undefined || value === '') {
    throw syntax(2, SYNTAX.MISSING, 'vdasd_id is required');
  }
  if (typeof value === 'string' && value.toUpperCase() === 'ALL') return 'ALL';
  const vdev = typeof value === 'string' ? normVdev(value) : undefined;
  if (!vdev) {
    throw syntax(2, SYNTAX.NOT_HEX, `vdasd_id ${JSON.stringify(value)} is not ALL or a vdev`);
  }
  return vdev;
}

/** The real device of the volume with this label, if a pool has it. */
function rdevOf(pools: Record<string, PoolRecord>, volser: string): string | undefined {
  for (const pool of Object.values(pools)) {
    const vol = pool.volumes.find((v) => v.volser === volser);
    if (vol) return vol.rdev;
  }
  return undefined;
}

/**
 * One MDISK statement as the running configuration has it. A virtual disk lives in storage
 * (rdev `VDSK`); a minidisk on a volume the system has not attached was never linked at logon,
 * so it is not in the configuration (undefined), nor is a temporary disk (never allocated here).
 */
function dasdOf(line: string, pools: Record<string, PoolRecord>): VirtualDasd | undefined {
  // MDISK <vdev> <type> <start> <count> <volser> <mode>; virtual: MDISK <vdev> FB-512 V-DISK <blocks> <mode>
  const w = words(line).map((s) => s.toUpperCase());
  const vdev = normVdev(w[1] ?? '');
  if (!vdev) return undefined;
  if (w[3] === 'V-DISK') {
    return {
      vdev,
      rdev: 'VDSK',
      accessType: WRITE_MODES.test(w[5] ?? '') ? 'R/W' : 'R/O',
      deviceType: '9336',
      size: Number(w[4]),
      units: 'Blocks',
      volid: '(VDSK)',
    };
  }
  const rdev = w[3] === 'T-DISK' ? undefined : rdevOf(pools, w[5] ?? '');
  if (!rdev) return undefined;
  const fba = w[2] === '9336' || w[2] === 'FB-512';
  return {
    vdev,
    rdev,
    accessType: WRITE_MODES.test(w[6] ?? '') ? 'R/W' : 'R/O',
    deviceType: fba ? '9336' : (w[2] ?? ''),
    size: Number(w[4]),
    units: fba ? 'Blocks' : 'Cylinders',
    volid: w[5] ?? '',
  };
}

/** The DASD of a logged-on user's running configuration, in vdev order. */
function runningDasd(u: UserRecord, pools: Record<string, PoolRecord>): VirtualDasd[] {
  return u.directory
    .filter((l) => keyword(l) === 'MDISK')
    .map((l) => dasdOf(l, pools))
    .filter((d): d is VirtualDasd => d !== undefined && u.activeDevices.includes(d.vdev))
    .sort((a, b) => a.vdev.localeCompare(b.vdev));
}

/**
 * Image_Disk_Query: the DASD a logged-on guest has (CP's QUERY VIRTUAL DASD), each with the
 * real device it is on. 200/4 no such user, 200/12 not logged on, 204/8 a vdev it does not
 * have.
 */
export const imageDiskQuery: SmapiHandler = (ctx, target, params) => {
  const wanted = selector(params.vdasdId);
  const u = requireUser(ctx, target, CODES.IMAGE_NOT_FOUND);
  if (!u.loggedOn) throw fail(CODES.IMAGE_NOT_ACTIVE, target);
  const all = runningDasd(u, ctx.state.pools);
  const dasd = wanted === 'ALL' ? all : all.filter((d) => d.vdev === wanted);
  if (dasd.length === 0 && wanted !== 'ALL') {
    throw fail(CODES.IMAGE_DEVICE_NOT_EXIST, `${target} ${wanted}`);
  }
  const output: ImageDiskQueryOutput = { dasd };
  return { ...OK, output };
};
