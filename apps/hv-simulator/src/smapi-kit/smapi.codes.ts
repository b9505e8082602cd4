import type { SmapiReply } from '#hypervisor';

/**
 * SMAPI return/reason codes the simulator answers with. Numbers and texts are those of IBM's
 * z/VM Systems Management Application Programming reference (symbolic names in brackets), as
 * tabulated in feilong `zthin-parts/zthin/src/smapiUtilities.c`
 * (printSmapiDescriptionAndLogError); where a code comes from elsewhere it says so.
 */
export interface SmapiCode {
  rc: number;
  rs: number;
  text: string;
}

const code = (rc: number, rs: number, text: string): SmapiCode => ({ rc, rs, text });

export const CODES = {
  // [RCERR_IMAGEOP] 200: image (CP) operations
  IMAGE_NOT_FOUND: code(200, 4, 'Image not found'),
  IMAGE_ALREADY_ACTIVE: code(200, 8, 'Image already active'),
  IMAGE_NOT_ACTIVE: code(200, 12, 'Image not active'),
  IMAGE_BEING_DEACTIVATED: code(200, 16, 'Image being deactivated'),
  // rc 0 rs 12 is Image_Status_Query's own "Image not active" (a success with a note).
  STATUS_NOT_ACTIVE: code(0, 12, 'Image not active'),
  // [RC_NOTDONE]-level 8/8 of Image_Console_Get (feilong smtLayer msgs 0409): not logged on,
  // not spooling its console, or no console output since the last one was taken
  CONSOLE_NOT_AVAILABLE: code(8, 8, 'Image not logged on or not spooling its console'),
  // [RCERR_IMAGEDEVU] 204: devices of the running configuration
  IMAGE_DEVICE_NOT_EXIST: code(204, 8, 'Image device does not exist'),
  // [RCERR_IMAGEDISKU] 208
  DISK_NOT_EXIST: code(208, 36, 'Image disk does not exist'),
  // [RCERR_IMAGEDEF] 400: directory entries
  DEF_NOT_FOUND: code(400, 4, 'Image or profile definition not found'),
  DEF_EXISTS: code(400, 8, 'Image or profile name already defined'),
  DEF_LOCKED: code(400, 12, 'Image definition is locked'),
  DEF_NOT_LOCKED: code(400, 24, 'Image definition is not locked'),
  MULTIPLE_USER: code(400, 40, 'Multiple user statements'),
  // [RCERR_IMAGEDEVD] 404: device statements. The zthin table words 404/24 specially for
  // Image_Disk_Create_DM: the requested device type does not match (here: the pool's).
  DEVICE_DEFINED: code(404, 4, 'Image device already defined'),
  DEVICE_TYPE_MISMATCH: code(404, 24, 'Image device type not same as source'),
  // [RCERR_IMAGEDISKD] 408: minidisk statements
  DISK_DEFINED: code(408, 4, 'Image disk already defined'),
  DISK_SPACE: code(408, 24, 'Requested image disk space not available'),
  // [RC_DASD_DM] 420: groups (pools), regions and volumes of the directory manager
  GROUP_NOT_DEFINED: code(420, 8, 'That group, region, or volume name is not defined'),
  // VMRELOCATE (z/VM SMAPI reference): 4/3000 TEST found the guest not eligible, 8/3000 the
  // relocation failed; CP's HCPRLx messages in the error text say why (the reference reads
  // "0045" there as "not logged on").
  RELOCATE_NOT_ELIGIBLE: code(4, 3000, 'VMRELOCATE TEST found the guest not eligible'),
  RELOCATE_FAILED: code(8, 3000, 'VMRELOCATE MOVE failed'),
  // [RCERR_PROFILED] 436: INCLUDE statements
  PROFILE_NOT_FOUND: code(436, 4, 'Profile included not found'),
  MULTIPLE_PROFILES: code(436, 40, 'Multiple profiles included'),
  // [RCERR_INTERNAL_DM] 596: DirMaint refused; rs is DirMaint's own message number. 6831 is the
  // one the reference retries after forcing the guest off (smtclient delete_vm, spec §9.2),
  // i.e. DirMaint will not purge a user that is still logged on.
  USER_LOGGED_ON: code(
    596,
    6831,
    'Internal directory manager error - product-specific return code : 6831',
  ),
} as const;

/** [RCERR_SYNTAX] 24: reason = parameter number × 100 + the syntax reason below. */
export const SYNTAX = {
  NOT_DIGITS: 10,
  TOO_LONG: 13,
  TOO_SMALL: 15,
  NOT_HEX: 16,
  TOO_LARGE: 18,
  UNRECOGNISED: 19,
  MISSING: 24,
  NOT_ALNUM: 36,
  BAD_CHARS: 43,
} as const;

/** A function's failure, thrown by handlers and turned into the reply by the dispatcher. */
export class SmapiFailure extends Error {
  constructor(readonly reply: SmapiReply) {
    super(reply.errmsg ?? `rc ${reply.rc} rs ${reply.rs}`);
  }
}

export function fail(c: SmapiCode, detail?: string): SmapiFailure {
  return new SmapiFailure({ rc: c.rc, rs: c.rs, errmsg: detail ? `${c.text}: ${detail}` : c.text });
}

/** Syntax error in parameter `param` (target_identifier = 1, then the function's own inputs). */
export function syntax(param: number, reason: number, detail: string): SmapiFailure {
  return new SmapiFailure({
    rc: 24,
    rs: param * 100 + reason,
    errmsg: `Syntax error in function parameter ${param}: ${detail}`,
  });
}
