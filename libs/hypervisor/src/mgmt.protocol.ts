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
  'rdrlist',
  'rdrreceive',
  'refresh_bootmap',
  'installfs',
  'queryfs',
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

/** One spool file in the management guest's own reader, as `vmur list` shows it. */
export interface ReaderListFile {
  /** Who the file came from (a guest's console: that guest). */
  origin: string;
  spoolId: number;
  spoolClass: string;
  /** The spooling device: CON a console, PUN a punch, PRT a printer. */
  type: string;
}

/** rdrlist `{}`: the management guest's own reader (`vmur list`). */
export interface ReaderListReply extends MgmtReply {
  files?: ReaderListFile[];
}

/**
 * rdrreceive `{spoolid}`: one file of the management guest's own reader as text lines
 * (`vmur receive -H -t -O`), held there: it goes only when purged.
 */
export type ReaderReceiveReply = MgmtReply;

/**
 * queryrdr `{userid}`. (purge `{userid, spoolid}` answers a plain MgmtReply; without a userid
 * it purges from the management guest's own reader.)
 */
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

/**
 * queryfs `{userid, vdev}`: the file system on the minidisk's first partition, read back from
 * the management guest (link read-only, `blkid`, detach) so that an installfs whose answer was
 * lost can be told done without writing the disk again. `fstype` absent: none found. rc 3 with
 * HCPLNK053E when the user or its minidisk is not in the directory.
 */
export interface QueryFsReply extends MgmtReply {
  fstype?: string;
}
