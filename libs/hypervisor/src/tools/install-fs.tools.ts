import type { InstallFsReply, MgmtArgs, QueryFsReply } from '../mgmt.protocol.js';
import type { ToolName } from './tool.paths.js';
import { outputLines, type ToolResult } from './tool.runner.js';

/** Runs one tool (a timeout, the environment), with its stdin if given. */
export type RunTool = (tool: ToolName, args: string[], input?: string) => Promise<ToolResult>;

/** The zthin scripts' "the work failed", as the simulator's installfs answers. */
const FAILED = 3;
const USAGE = 1;

/** fdisk's commands, as the reference feeds them: a new GPT label, then one primary partition. */
const FDISK_CLEAR = 'g\nw\n';
const FDISK_PARTITION = 'n\np\n1\n\n\nw\n';

/** `… linked at 0203 device name dasdh`: the device the management guest sees the disk as. */
const LINKED_RE = /^Success:(?:\s+\S+){9}\s+(\S+)/m;

class StepFailed extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join(' '));
  }
}

const failure = (tool: string, args: string[], r: ToolResult): StepFailed => {
  const out = outputLines(r.stdout + r.stderr).map((l) =>
    l.startsWith('ERROR') ? l : `ERROR: ${l}`,
  );
  const how = r.code === null ? 'was killed' : `exited ${r.code}`;
  return new StepFailed([`ERROR: ${tool} ${args.join(' ')} ${how}`, ...out]);
};

/**
 * installfs over the management guest's tools, the reference's installFS sequence (smtLayer
 * vmUtils.py): `linkdiskandbringonline userid vdev mode` gives the device; 3390: `dasdfmt`
 * then `fdasd -a`; 9336: `fdisk` twice with its commands on stdin; then `mkswap`,
 * `mkfs.xfs -f` or `mkfs -F -t fs` on the first partition. The disk is always given up at the
 * end (`blockdev --flushbufs`, a warning only, then `offlinediskanddetach`), even after a
 * failure, as the reference does. Any failure is rc 3 with ERROR lines, as the HTTP path
 * answers. (The reference's `udevadm settle` between steps is a shell string; not run here.)
 */
export async function installFileSystem(run: RunTool, args: MgmtArgs): Promise<InstallFsReply> {
  const { userid, vdev, fstype, disktype, mode } = args;
  if (!userid || !vdev || !fstype || !disktype || !mode) {
    return { rc: USAGE, lines: ['ERROR: installfs needs userid, vdev, fstype, disktype, mode'] };
  }
  const lines: string[] = [];
  const step = async (tool: ToolName, argv: string[], input?: string): Promise<ToolResult> => {
    const r = await run(tool, argv, input);
    if (r.code !== 0) throw failure(tool, argv, r);
    return r;
  };
  let device = '';
  let failed: string[] | undefined;
  try {
    const linked = await step('linkdiskandbringonline', [userid, vdev, mode]);
    const name = LINKED_RE.exec(linked.stdout)?.[1];
    if (!name) {
      throw new StepFailed([
        `ERROR: linkdiskandbringonline ${userid} ${vdev} ${mode}: no device name in its output`,
        ...outputLines(linked.stdout),
      ]);
    }
    device = `/dev/${name}`;
    if (disktype === '3390') {
      await step('dasdfmt', ['-y', '-b', '4096', '-d', 'cdl', '-v', device]);
      await step('fdasd', ['-a', device]);
    } else {
      await step('fdisk', [device], FDISK_CLEAR);
      await step('fdisk', [device], FDISK_PARTITION);
    }
    const part = `${device}1`;
    if (fstype === 'swap') await step('mkswap', [part]);
    else if (fstype === 'xfs') await step('mkfs.xfs', ['-f', part]);
    else await step('mkfs', ['-F', '-t', fstype, part]);
    lines.push(`File system: ${fstype} is installed.`);
  } catch (e) {
    if (!(e instanceof StepFailed)) throw e;
    failed = e.lines;
  } finally {
    // the disk is given up whatever happened: a failed link may still have left it attached
    if (device) {
      const flush = await run('blockdev', ['--flushbufs', device]);
      if (flush.code !== 0) lines.push(`WARNING: blockdev --flushbufs ${device} failed`);
    }
    const detach = await run('offlinediskanddetach', [userid, vdev]);
    if (detach.code !== 0 && !failed)
      failed = failure('offlinediskanddetach', [userid, vdev], detach).lines;
  }
  return failed ? { rc: FAILED, lines: [...lines, ...failed] } : { rc: 0, lines };
}

/**
 * queryfs over the management guest's tools: the disk linked read-only
 * (`linkdiskandbringonline userid vdev RR`), `blkid -o value -s TYPE` of its first partition
 * (exit 2: no file system found), then `offlinediskanddetach`. Reads, never writes: what a
 * probe of an installfs in doubt asks.
 */
export async function queryFileSystem(run: RunTool, args: MgmtArgs): Promise<QueryFsReply> {
  const { userid, vdev } = args;
  if (!userid || !vdev) return { rc: USAGE, lines: ['ERROR: queryfs needs userid, vdev'] };
  const linked = await run('linkdiskandbringonline', [userid, vdev, 'RR']);
  const name = linked.code === 0 ? LINKED_RE.exec(linked.stdout)?.[1] : undefined;
  if (!name) {
    const why = failure('linkdiskandbringonline', [userid, vdev, 'RR'], linked).lines;
    await run('offlinediskanddetach', [userid, vdev]);
    return { rc: FAILED, lines: why };
  }
  try {
    const r = await run('blkid', ['-o', 'value', '-s', 'TYPE', `/dev/${name}1`]);
    const fstype = r.code === 0 ? outputLines(r.stdout)[0]?.trim() : undefined;
    if (r.code !== 0 && r.code !== BLKID_NOTHING) {
      return { rc: FAILED, lines: failure('blkid', [`/dev/${name}1`], r).lines };
    }
    return { rc: 0, lines: fstype ? [fstype] : [], ...(fstype ? { fstype } : {}) };
  } finally {
    await run('offlinediskanddetach', [userid, vdev]);
  }
}

/** blkid's exit status when it finds no file system signature. */
const BLKID_NOTHING = 2;
