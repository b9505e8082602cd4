import type { ImageStatusOutput } from '#hypervisor';
import { definedDevices } from '../state/directory.parser.js';
import { bootLines, startConsole, writeConsole } from '../state/guest-console.js';
import { bootDevice, detectOs } from '../state/guest-os.js';
import { runGuestConfigure } from '../guestconf/guest-configure.js';
import { runningConfig } from '../state/guest-running.js';
import { activateNics } from '../network/active-nics.js';
import { CODES, fail, syntax, SYNTAX } from '../smapi-kit/smapi.codes.js';
import { OK, requireUser, type SmapiHandler } from '../smapi-kit/smapi.context.js';

/**
 * Image_Activate: logs the user on; CP links its directory devices into the running guest and
 * the guest boots from its IPL device.
 */
export const imageActivate: SmapiHandler = (ctx, target) => {
  const u = requireUser(ctx, target, CODES.IMAGE_NOT_FOUND);
  if (u.loggedOn) throw fail(CODES.IMAGE_ALREADY_ACTIVE, target);
  u.loggedOn = true;
  u.paused = false;
  u.activeDevices = [...definedDevices(u.directory).keys()].sort();
  // the guest's OS is whatever its boot disk holds (a deployed image brings its own)
  const boot = bootDevice(u.directory);
  u.os = boot && u.disks[boot] ? detectOs(ctx.state.files.minidiskPath(u.userid, boot)) : null;
  u.running = runningConfig(u.directory, ctx.state.clock());
  activateNics(ctx.state, u);
  startConsole(u, ctx.state.systemId, new Date(ctx.state.clock()));
  writeConsole(u, ...bootLines(u.os));
  // a booted OS starts its configuration service, which applies what waits in the reader
  if (u.os) runGuestConfigure(ctx.state, u);
  ctx.state.changed();
  return OK;
};

/**
 * Image_Deactivate: `immediate` forces the user off at once (FORCE IMMED); otherwise the guest
 * is signalled to shut down and is logged off when the shutdown time has passed, during which a
 * further non-immediate request answers 200/16.
 */
export const imageDeactivate: SmapiHandler = (ctx, target, params) => {
  const immediate = params.immediate ?? false;
  if (typeof immediate !== 'boolean') {
    throw syntax(2, SYNTAX.UNRECOGNISED, 'immediate must be true or false');
  }
  const u = requireUser(ctx, target, CODES.IMAGE_NOT_FOUND);
  if (!u.loggedOn) throw fail(CODES.IMAGE_NOT_ACTIVE, target);
  writeConsole(u, immediate ? 'HCPLGF4202I FORCE IMMEDIATE' : 'HCPSIG2113I SIGNAL SHUTDOWN');
  if (immediate) {
    ctx.state.logOff(u);
    return OK;
  }
  if (u.logoffAt !== undefined) throw fail(CODES.IMAGE_BEING_DEACTIVATED, target);
  u.logoffAt = ctx.state.clock() + ctx.latency.shutdownMs;
  ctx.state.changed();
  return OK;
};

/**
 * Image_Status_Query: which targets are logged on. `*` lists every active user; one user that
 * is not active (or not defined: this is a CP-level question) answers rc 0 rs 12.
 */
export const imageStatusQuery: SmapiHandler = (ctx, target) => {
  if (target === '*') {
    const active = ctx.state.userIds().filter((id) => ctx.state.user(id)?.loggedOn);
    return { ...OK, output: { active } satisfies ImageStatusOutput };
  }
  if (ctx.state.user(target)?.loggedOn) {
    return { ...OK, output: { active: [target] } satisfies ImageStatusOutput };
  }
  const c = CODES.STATUS_NOT_ACTIVE;
  return { rc: c.rc, rs: c.rs, errmsg: `${c.text}: ${target}`, output: { active: [] } };
};
