import {
  definedDevices,
  includedProfiles,
  isUserStatement,
  isVirtualMdisk,
  keyword,
  parseUserStatement,
} from '../state/directory.parser.js';
import { release } from '../state/pool.allocator.js';
import { CODES, fail, syntax, SYNTAX } from '../smapi-kit/smapi.codes.js';
import { OK, requireUser, type SmapiHandler } from '../smapi-kit/smapi.context.js';
import { storedDirectory } from './directory.stored.js';

/** Parameter number of image_record_array in Image_Create_DM (target_identifier = 1). */
const RECORDS = 5;

function directoryParam(value: unknown): string[] {
  if (value === undefined) throw syntax(RECORDS, SYNTAX.MISSING, 'directory is required');
  if (!Array.isArray(value) || value.length === 0 || !value.every((l) => typeof l === 'string')) {
    throw syntax(RECORDS, SYNTAX.UNRECOGNISED, 'directory must be a non-empty list of statements');
  }
  return storedDirectory(value.map((l: string) => l.trimEnd()).filter((l) => l.trim() !== ''));
}

/** Image_Create_DM: defines a new user from its directory statements (stored upper case). */
export const imageCreateDM: SmapiHandler = (ctx, target, params) => {
  const lines = directoryParam(params.directory);
  const users = lines.filter(isUserStatement);
  if (users.length > 1) throw fail(CODES.MULTIPLE_USER, target);
  const first = lines[0] ?? '';
  const user = parseUserStatement(first);
  if (typeof user === 'string') throw syntax(RECORDS, SYNTAX.UNRECOGNISED, user);
  if (user.userid !== target) {
    throw syntax(
      RECORDS,
      SYNTAX.UNRECOGNISED,
      `USER ${user.userid} does not match target ${target}`,
    );
  }
  if (ctx.state.user(target)) throw fail(CODES.DEF_EXISTS, target);

  const profiles = includedProfiles(lines);
  if (profiles.length > 1) throw fail(CODES.MULTIPLE_PROFILES, profiles.join(' '));
  const unknown = profiles.find((p) => !ctx.state.profiles.includes(p));
  if (unknown !== undefined) throw fail(CODES.PROFILE_NOT_FOUND, unknown);

  // Pool space is only taken through Image_Disk_Create_DM, which keeps the pool map exact;
  // at creation only virtual disks (V-DISK/T-DISK swap) may be defined.
  const realMdisk = lines.find((l) => keyword(l) === 'MDISK' && !isVirtualMdisk(l));
  if (realMdisk) {
    throw syntax(
      RECORDS,
      SYNTAX.UNRECOGNISED,
      `define pool minidisks with Image_Disk_Create_DM: ${realMdisk}`,
    );
  }
  const devices = lines.filter((l) => definedDevices([l]).size > 0);
  if (definedDevices(lines).size < devices.length) {
    throw fail(CODES.DEVICE_DEFINED, 'a virtual device number is defined twice');
  }

  ctx.state.addUser({
    userid: target,
    directory: lines,
    loggedOn: false,
    paused: false,
    activeDevices: [],
    disks: {},
    reader: [],
  });
  return OK;
};

/**
 * Image_Delete_DM: removes the user (with the bytes of its minidisks and reader) and returns its
 * minidisk extents to their pools. A user that is still logged on (even while a signalled
 * shutdown runs) is refused, see CODES.USER_LOGGED_ON.
 */
export const imageDeleteDM: SmapiHandler = (ctx, target) => {
  const u = requireUser(ctx, target, CODES.DEF_NOT_FOUND);
  if (u.loggedOn) throw fail(CODES.USER_LOGGED_ON, `${target} is logged on`);
  release(ctx.state.pools, target);
  ctx.state.removeUser(target);
  return OK;
};

/** Image_Query_DM: the user's directory statements. */
export const imageQueryDM: SmapiHandler = (ctx, target) => {
  const u = requireUser(ctx, target, CODES.DEF_NOT_FOUND);
  return { ...OK, output: [...u.directory] };
};

/** Image_Name_Query_DM (target `*`): every user the directory defines, sorted. */
export const imageNameQueryDM: SmapiHandler = (ctx) => ({ ...OK, output: ctx.state.userIds() });
