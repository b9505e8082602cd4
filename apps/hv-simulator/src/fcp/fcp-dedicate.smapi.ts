import type { SmapiCode } from '../smapi-kit/smapi.codes.js';
import { CODES, fail } from '../smapi-kit/smapi.codes.js';
import { OK, requireUser, vdevParam, type SmapiHandler } from '../smapi-kit/smapi.context.js';
import { definedDevices, keyword, normVdev, words } from '../state/directory.parser.js';

/** The FCP is offline, unknown, or dedicated to another user. */
const NOT_AVAILABLE: SmapiCode = { rc: 404, rs: 28, text: 'Real device not available' };
/** Undedicate of a device the user does not have (the reference ignores it: already undone). */
const NOT_DEDICATED: SmapiCode = { rc: 404, rs: 8, text: 'Image device does not exist' };

/** Whether the line is `DEDICATE <vdev> …` for this (normalised) vdev. */
const dedicates = (line: string, vdev: string) =>
  keyword(line) === 'DEDICATE' && normVdev(words(line)[1] ?? '') === vdev;

/**
 * Image_Device_Dedicate_DM for an FCP subchannel: gives the real device (`realDevice`) to the
 * user at `vdev` (the same number by the reference's convention) with a `DEDICATE vdev rdev`
 * directory statement. Dedicating again to the same user is a no-op; another device at the
 * vdev is 404/4.
 */
export const deviceDedicateDM: SmapiHandler = (ctx, target, params) => {
  const u = requireUser(ctx, target, CODES.DEF_NOT_FOUND);
  const real = vdevParam(params.realDevice ?? params.vdev, 3);
  const vdev = vdevParam(params.vdev ?? real, 2);
  const dev = ctx.state.fcpDevices().find((d) => d.fcpId === real);
  if (!dev || dev.state === 'offline') throw fail(NOT_AVAILABLE, real);
  if (dev.owner && dev.owner !== target)
    throw fail(NOT_AVAILABLE, `${real} is used by ${dev.owner}`);
  if (!u.directory.some((l) => dedicates(l, vdev))) {
    if (definedDevices(u.directory).has(vdev)) throw fail(CODES.DEVICE_DEFINED, vdev);
    u.directory.push(`DEDICATE ${vdev} ${real}`);
  }
  dev.state = 'active';
  dev.owner = target;
  ctx.state.changed();
  return OK;
};

/**
 * Image_Device_Undedicate_DM: takes the FCP back from the user and drops its DEDICATE
 * statement; 404/8 when it is not theirs.
 */
export const deviceUndedicateDM: SmapiHandler = (ctx, target, params) => {
  const u = requireUser(ctx, target, CODES.DEF_NOT_FOUND);
  const vdev = vdevParam(params.vdev, 2);
  const dev = ctx.state.fcpDevices().find((d) => d.fcpId === vdev);
  if (!dev || dev.owner !== target) throw fail(NOT_DEDICATED, vdev);
  u.directory = u.directory.filter((l) => !dedicates(l, vdev));
  dev.state = 'free';
  delete dev.owner;
  ctx.state.changed();
  return OK;
};
