import { MGMT_OPERATIONS, type MgmtOperation, type MgmtReply } from '#hypervisor';
import { normVdev, USERID_RE } from '../state/directory.parser.js';
import type { HypervisorState } from '../state/hypervisor.state.js';
import type { MinidiskRecord, UserRecord } from '../state/state.types.js';

/** Exit codes of the management guest's zthin scripts: 1 bad invocation, 3 the work failed. */
export const RC = { USAGE: 1, FAILED: 3 } as const;

/** The query-string arguments of one operation. */
export type MgmtQuery = Record<string, unknown>;

export function isMgmtOperation(name: string): name is MgmtOperation {
  return (MGMT_OPERATIONS as readonly string[]).includes(name);
}

/** An operation's failure, thrown by it and turned into its reply by runMgmt. */
export class MgmtFailure extends Error {
  constructor(readonly reply: MgmtReply) {
    super(reply.lines.join(' '));
  }
}

/** A failure as the scripts print it: every line `ERROR: …`. */
export function mgmtFail(rc: number, ...lines: string[]): MgmtFailure {
  return new MgmtFailure({ rc, lines: lines.map((l) => `ERROR: ${l}`) });
}

/** Runs an operation; its MgmtFailure becomes the reply, anything else propagates. */
export async function runMgmt<T extends MgmtReply>(op: () => T | Promise<T>): Promise<T> {
  try {
    return await op();
  } catch (e) {
    if (e instanceof MgmtFailure) return e.reply as T;
    throw e;
  }
}

/** A required argument. */
export function arg(q: MgmtQuery, name: string): string {
  const v = q[name];
  if (typeof v !== 'string' || v.trim() === '') {
    throw mgmtFail(RC.USAGE, `Missing required parameter: ${name}.`);
  }
  return v.trim();
}

export function useridArg(q: MgmtQuery): string {
  const id = arg(q, 'userid').toUpperCase();
  if (!USERID_RE.test(id)) throw mgmtFail(RC.USAGE, `Invalid userid: ${id}.`);
  return id;
}

export function vdevArg(q: MgmtQuery): string {
  const raw = arg(q, 'vdev');
  const vdev = normVdev(raw);
  if (!vdev) throw mgmtFail(RC.USAGE, `Invalid virtual device number: ${raw}.`);
  return vdev;
}

/** CP's answer when a spool file is sent to a userid the directory does not have. */
export function notInDirectory(userid: string): MgmtFailure {
  return mgmtFail(RC.FAILED, `HCP053E ${userid} not in CP directory`);
}

/**
 * The minidisk the management guest links to work on. CP refuses the LINK with HCPLNK053E
 * when the user or its MDISK is not in the directory (the service reads that text as 404).
 */
export function linkDisk(
  state: HypervisorState,
  userid: string,
  vdev: string,
): { user: UserRecord; disk: MinidiskRecord } {
  const user = state.user(userid);
  const disk = user?.disks[vdev];
  if (!user || !disk) {
    throw mgmtFail(
      RC.FAILED,
      `HCPLNK053E ${userid} ${vdev} not linked; not in CP directory`,
      `Failed to connect disk: ${userid}:${vdev}`,
    );
  }
  return { user, disk };
}
