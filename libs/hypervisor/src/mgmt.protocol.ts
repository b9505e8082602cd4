// ---- management-guest operations ----
//
//   POST /mgmt/{operation}?<args>  body: the input file (application/octet-stream), if any
//     → 200 application/json MgmtReply, or for creatediskimage on success
//     → 200 application/octet-stream: the image file.
//
// The simulator runs them as the management guest runs the zthin scripts: rc 0 success, 1 bad
// parameters, 3 the operation failed; `lines` is the script's output (failures `ERROR: …`).

export const MGMT_OPERATIONS = [
  'unpackdiskimage',
  'creatediskimage',
  'punch',
  'purge',
  'queryrdr',
  'execcmd',
  'consolelog',
  'refresh_bootmap',
  'installfs',
] as const;
export type MgmtOperation = (typeof MGMT_OPERATIONS)[number];

/** String arguments of one operation, sent in the query string. */
export type MgmtArgs = Record<string, string>;

export interface MgmtReply {
  rc: number;
  lines: string[];
}

/** unpackdiskimage `{userid, vdev}`, body = image file: disk bytes written. */
export interface UnpackDiskImageReply extends MgmtReply {
  bytes?: number;
}

/** punch `{userid, class, name}`, body = file: the spool id in the user's reader. */
export interface PunchReply extends MgmtReply {
  spoolId?: number;
}

/** One spool file in a user's virtual reader. */
export interface ReaderFile {
  spoolId: number;
  spoolClass: string;
  name: string;
  /** Bytes. */
  size: number;
  /** When it arrived, ISO 8601. */
  time: string;
}

/**
 * execcmd `{userid, cmd}`: a command run in the guest's OS over IUCV, its output lines; rc 3
 * when the guest is not reachable (not logged on, paused, shutting down or no OS up).
 */
export type ExecCmdReply = MgmtReply;

/** consolelog `{userid}`: the guest's spooled console lines (none unless it spools). */
export type ConsoleLogReply = MgmtReply;

/** queryrdr `{userid}`. (purge `{userid, spoolid}` answers a plain MgmtReply.) */
export interface QueryReaderReply extends MgmtReply {
  files?: ReaderFile[];
}

/**
 * installfs `{userid, vdev, fstype, disktype, mode}`: a Linux file system (ext2/3/4, xfs,
 * swap) on a freshly created minidisk, written from the management guest as the reference's
 * installFS does (link, dasdfmt/fdasd or fdisk, mkfs, detach). A plain MgmtReply; rc 3 with
 * HCPLNK053E when the user or its minidisk is not in the directory.
 */
export type InstallFsReply = MgmtReply;
