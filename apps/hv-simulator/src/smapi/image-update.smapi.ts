import type { ImagePerformanceOutput } from '#hypervisor';
import { parseUserStatement } from '../state/directory.parser.js';
import { performance } from '../state/guest-running.js';
import { CODES, fail, syntax, SYNTAX } from '../smapi-kit/smapi.codes.js';
import { OK, requireUser, type SmapiHandler } from '../smapi-kit/smapi.context.js';
import { storedDirectory } from './directory.stored.js';

/**
 * Image_Pause: stops (`pause: true`, PAUSE=YES) or resumes (PAUSE=NO) a logged-on guest's
 * virtual CPUs. A guest that is not logged on answers 200/12, as for Image_Deactivate.
 */
export const imagePause: SmapiHandler = (ctx, target, params) => {
  const pause = params.pause;
  if (typeof pause !== 'boolean') throw syntax(2, SYNTAX.UNRECOGNISED, 'pause must be YES or NO');
  const u = requireUser(ctx, target, CODES.IMAGE_NOT_FOUND);
  if (!u.loggedOn) throw fail(CODES.IMAGE_NOT_ACTIVE, target);
  u.paused = pause;
  ctx.state.changed();
  return OK;
};

/** Image_Lock_DM: holds the directory entry for an update; 400/12 when it is already locked. */
export const imageLockDM: SmapiHandler = (ctx, target) => {
  const u = requireUser(ctx, target, CODES.DEF_NOT_FOUND);
  if (u.locked) throw fail(CODES.DEF_LOCKED, target);
  u.locked = true;
  ctx.state.changed();
  return OK;
};

/** Image_Unlock_DM: releases the lock; 400/24 when the entry is not locked. */
export const imageUnlockDM: SmapiHandler = (ctx, target) => {
  const u = requireUser(ctx, target, CODES.DEF_NOT_FOUND);
  if (!u.locked) throw fail(CODES.DEF_NOT_LOCKED, target);
  u.locked = false;
  ctx.state.changed();
  return OK;
};

/** Parameter number of image_record_array in Image_Replace_DM. */
const RECORDS = 4;

/**
 * Image_Replace_DM: replaces the whole directory entry of a locked user (400/24 otherwise) and
 * unlocks it, as DirMaint's REPLACE does (stored as storedDirectory says). The running guest keeps its configuration until the
 * next logon. Minidisks are pool-allocated, so their MDISK statements must stay as they are.
 */
export const imageReplaceDM: SmapiHandler = (ctx, target, params) => {
  const raw = params.directory;
  if (!Array.isArray(raw) || raw.length === 0 || !raw.every((l) => typeof l === 'string')) {
    throw syntax(RECORDS, SYNTAX.UNRECOGNISED, 'directory must be a non-empty list of statements');
  }
  const lines = storedDirectory(raw.map((l) => l.trimEnd()).filter((l) => l.trim() !== ''));
  const u = requireUser(ctx, target, CODES.DEF_NOT_FOUND);
  if (!u.locked) throw fail(CODES.DEF_NOT_LOCKED, target);
  const user = parseUserStatement(lines[0] ?? '');
  if (typeof user === 'string') throw syntax(RECORDS, SYNTAX.UNRECOGNISED, user);
  if (user.userid !== target) {
    throw syntax(RECORDS, SYNTAX.UNRECOGNISED, `USER ${user.userid} does not match ${target}`);
  }
  const mdisks = (d: readonly string[]) =>
    d
      .filter((l) => /^MDISK\s/i.test(l.trim()))
      .map((l) => l.trim())
      .sort()
      .join('\n');
  if (mdisks(lines) !== mdisks(u.directory)) {
    throw syntax(RECORDS, SYNTAX.UNRECOGNISED, 'MDISK statements cannot change in a replace');
  }
  u.directory = lines;
  u.locked = false;
  ctx.state.changed();
  return OK;
};

/**
 * Image_Performance_Query: a logged-on guest's CPU and memory counters. Not logged on: rc 0
 * rs 12 without output, as Image_Status_Query answers.
 */
export const imagePerformanceQuery: SmapiHandler = (ctx, target) => {
  const u = requireUser(ctx, target, CODES.IMAGE_NOT_FOUND);
  if (!u.loggedOn) {
    const c = CODES.STATUS_NOT_ACTIVE;
    return { rc: c.rc, rs: c.rs, errmsg: `${c.text}: ${target}` };
  }
  return { ...OK, output: performance(u, ctx.state.clock()) satisfies ImagePerformanceOutput };
};
