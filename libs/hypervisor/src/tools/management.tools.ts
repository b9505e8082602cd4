import { constants, createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Errors, HvNotReached } from '#envelope';
import type {
  CpReply,
  MgmtArgs,
  MgmtOperation,
  MgmtReply,
  PunchReply,
  QueryReaderReply,
  ReaderListReply,
} from '../protocol.js';
import { installFileSystem, queryFileSystem } from './install-fs.tools.js';
import { machineFacts, type MachineFacts } from './machine.facts.js';
import { parseReaderLines, parseReaderList, SPOOL_ID } from './reader.lines.js';
import { toolPaths, type ToolName } from './tool.paths.js';
import { outputLines, runTool, type ToolResult } from './tool.runner.js';
import { removeStaging, staged, stageInput, stagingDir } from './tool.staging.js';

export interface ManagementToolsOptions {
  /** HV_TOOLS_DIR: all tools in this directory; empty = the reference's paths. */
  dir: string;
  /** Timeout of CP commands, reader and guest commands. */
  timeoutMs: number;
  /** Timeout of disk images and refresh_bootmap, which copy whole disks. */
  longTimeoutMs: number;
  /** Where input and output files are staged (default: the OS temp dir). */
  tmpDir?: string;
  /** Variables added to the tools' environment (the simulator's tools: HV_SIMULATOR_URL). */
  env?: Record<string, string>;
}

/** vmcp's exit statuses (s390-tools): 1 = CP answered rc≠0 (on stderr as `#rc`). */
const VMCP_CP_ERROR = 1;
const VMCP_LINUX_ERROR = 3;
/**
 * Any tool's exit status when the hypervisor could not be reached and nothing was sent
 * (sysexits' EX_TEMPFAIL; none of the real tools' own statuses).
 */
const TOOL_NOT_REACHED = 75;
/** iucvclnt's exit statuses (zthin IUCV/iucvclient.h): 2 = usage. */
const IUCV_USAGE_ERROR = 2;
/** The zthin scripts' own: 1 bad invocation, 3 the work failed (as the simulator answers). */
const MGMT = { USAGE: 1, FAILED: 3 } as const;
/** The management guest punches to readers in this class (see punch()). */
const PUNCH_CLASS = 'X';

/** A z/VM userid as CP takes it (what reaches vmcp/vmur is checked, not trusted). */
const USERID = /^[A-Z0-9@#$_-]{1,8}$/i;

const asError = (lines: string[]): string[] =>
  lines.map((l) => (l.startsWith('ERROR') ? l : `ERROR: ${l}`));
/** A value that must not reach the tool: refused as the scripts refuse bad parameters. */
const usage = (why: string): MgmtReply => ({ rc: MGMT.USAGE, lines: [`ERROR: ${why}`] });

/**
 * CP commands and management-guest operations as the reference runs them on the management
 * guest: `vmcp`, `vmur`, the IUCV client and the zthin scripts, each a child process with an
 * argument array and a timeout. Exit statuses become the replies the simulator's HTTP path
 * gives (CpReply with CP's rc; MgmtReply rc 0 / 1 usage / 3 failed, or the script's own), so
 * HypervisorExchange raises the same HvErrors over either path.
 */
export class ManagementTools {
  private readonly paths: Record<ToolName, string>;

  constructor(private readonly opts: ManagementToolsOptions) {
    this.paths = toolPaths(opts.dir);
  }

  private run(tool: ToolName, args: string[], long = false, input?: string): Promise<ToolResult> {
    const timeoutMs = long ? this.opts.longTimeoutMs : this.opts.timeoutMs;
    return runTool({ file: this.paths[tool], args, timeoutMs, env: this.opts.env, input });
  }

  /**
   * A tool's exit status, or the link failure its end says: ended by a signal (an outage takes
   * the management guest's processes down with it), it did not answer, and its call may have
   * run (in doubt); exit 75 (EX_TEMPFAIL), the hypervisor was not reached and nothing was sent.
   */
  private exitCode(tool: ToolName, r: ToolResult): number {
    if (r.code === null) {
      throw Errors.hvUnreachable(`management-guest tool ${tool} was killed: ${r.stderr.trim()}`);
    }
    if (r.code === TOOL_NOT_REACHED) {
      const why = `management-guest tool ${tool}: hypervisor not reached: ${r.stderr.trim()}`;
      throw new HvNotReached(Errors.hvUnreachable(why));
    }
    return r.code;
  }

  /** `vmcp <words…>`: stdout is CP's response; a CP rc≠0 is exit 1 with `#rc` on stderr. */
  async cp(command: string): Promise<CpReply> {
    const words = command.trim().split(/\s+/).filter(Boolean);
    const r = await this.run('vmcp', words);
    const code = this.exitCode('vmcp', r);
    const lines = outputLines(r.stdout);
    if (code === 0) return { rc: 0, lines };
    const rc = /#(\d+)\s*$/m.exec(r.stderr);
    if (code === VMCP_CP_ERROR && rc) return { rc: Number(rc[1]), lines };
    const why = `vmcp ${words.join(' ')} exited ${code}: ${r.stderr.trim()}`;
    if (code === VMCP_LINUX_ERROR) throw Errors.hvUnreachable(why);
    throw Errors.cp(why);
  }

  async mgmt<T extends MgmtReply>(
    op: MgmtOperation,
    args: MgmtArgs,
    input?: Readable,
    onBytes?: (sent: number) => void,
  ): Promise<T> {
    switch (op) {
      case 'unpackdiskimage':
        return (await this.unpack(args, input, onBytes)) as T;
      case 'punch':
        return (await this.punch(args, input)) as T;
      case 'purge':
        return (await this.purge(args)) as T;
      case 'rdrlist':
        return (await this.readerList()) as T;
      case 'rdrreceive':
        return (await this.receive(args.spoolid)) as T;
      case 'queryrdr':
        return (await this.queryReader(args.userid)) as T;
      case 'execcmd':
        return (await this.execCmd(args.userid, args.cmd)) as T;
      case 'refresh_bootmap':
        return (await this.refreshBootmap(args)) as T;
      case 'installfs':
        // dasdfmt and mkfs go over the whole disk: the disk-image timeout
        return (await installFileSystem((t, a, i) => this.run(t, a, true, i), args)) as T;
      case 'queryfs':
        return (await queryFileSystem((t, a, i) => this.run(t, a, false, i), args)) as T;
      case 'creatediskimage':
        throw new Error(`management operation ${op} is not run through mgmt()`);
    }
  }

  /** A CP command on the management guest's behalf, answered as a management operation. */
  private async cpAsMgmt(words: string[]): Promise<MgmtReply> {
    const r = await this.cp(words.join(' '));
    return r.rc === 0 ? r : { rc: MGMT.FAILED, lines: asError(r.lines) };
  }

  /** CP `QUERY RDR userid ALL`, its lines parsed into the files. */
  private async queryReader(userid: string): Promise<QueryReaderReply> {
    const r = await this.cpAsMgmt(['QUERY', 'RDR', userid, 'ALL']);
    return r.rc === 0 ? { ...r, files: parseReaderLines(r.lines) } : r;
  }

  /**
   * CP `PURGE userid RDR id`, or without a userid `PURGE RDR id`: the management guest's own
   * reader (where Image_Console_Get puts a guest's console).
   */
  private purge(args: MgmtArgs): Promise<MgmtReply> | MgmtReply {
    const { userid, spoolid } = args;
    if (!SPOOL_ID.test(spoolid ?? '')) return usage(`Invalid spoolid: ${spoolid}.`);
    if (!userid) return this.cpAsMgmt(['PURGE', 'RDR', spoolid]);
    if (!USERID.test(userid)) return usage(`Invalid userid: ${userid}.`);
    return this.cpAsMgmt(['PURGE', userid, 'RDR', spoolid]);
  }

  /** `vmur list`: the management guest's own reader, its file lines parsed. */
  private async readerList(): Promise<ReaderListReply> {
    const r = await this.run('vmur', ['list']);
    const code = this.exitCode('vmur', r);
    if (code !== 0) return { rc: MGMT.FAILED, lines: asError(outputLines(r.stdout + r.stderr)) };
    const lines = outputLines(r.stdout);
    return { rc: 0, lines, files: parseReaderList(lines) };
  }

  /**
   * `vmur receive -H -t -O id`: a file of the management guest's own reader as text on stdout,
   * held (-H) in the reader: the caller purges it once it has the text.
   */
  private async receive(spoolid: string | undefined): Promise<MgmtReply> {
    if (!SPOOL_ID.test(spoolid ?? '')) return usage(`Invalid spoolid: ${spoolid}.`);
    const r = await this.run('vmur', ['re', '-H', '-t', '-O', spoolid as string]);
    const code = this.exitCode('vmur', r);
    if (code !== 0) return { rc: MGMT.FAILED, lines: asError(outputLines(r.stdout + r.stderr)) };
    return { rc: 0, lines: outputLines(r.stdout) };
  }

  /**
   * `iucvclnt userid cmd` (the reference's execCmdThruIUCV): exit 0 with the command's output;
   * 2 a usage error; any other (1 not authorised, 4 IUCV socket: guest not reachable, 8 the
   * command failed, 16/32/64) is the failed command, its output the explanation.
   */
  private async execCmd(userid: string, cmd: string): Promise<MgmtReply> {
    const r = await this.run('iucvclnt', [userid, cmd]);
    const code = this.exitCode('iucvclnt', r);
    if (code === 0) return { rc: 0, lines: outputLines(r.stdout) };
    const lines = asError(outputLines(r.stdout + r.stderr));
    return { rc: code === IUCV_USAGE_ERROR ? MGMT.USAGE : MGMT.FAILED, lines };
  }

  /** zthin refresh_bootmap `--name=value…` in the order given; its exit status is the rc. */
  private async refreshBootmap(args: MgmtArgs): Promise<MgmtReply> {
    const argv = Object.entries(args).map(([k, v]) => `--${k}=${v}`);
    const r = await this.run('refresh_bootmap', argv, true);
    return { rc: this.exitCode('refresh_bootmap', r), lines: outputLines(r.stdout + r.stderr) };
  }

  /** A zthin script's answer: its exit status and all it printed. */
  private scriptReply(tool: ToolName, r: ToolResult): MgmtReply {
    return { rc: this.exitCode(tool, r), lines: outputLines(r.stdout + r.stderr) };
  }

  /** `unpackdiskimage userid vdev file` (zthin): exit 0 deployed, 1 usage, 3 failed. */
  private unpack(args: MgmtArgs, input?: Readable, onBytes?: (n: number) => void) {
    if (!input) throw new Error('unpackdiskimage needs the image');
    return staged(this.opts.tmpDir, async (dir) => {
      const file = join(dir, 'image');
      await stageInput(file, input, onBytes);
      const r = await this.run('unpackdiskimage', [args.userid, args.vdev, file], true);
      return this.scriptReply('unpackdiskimage', r);
    });
  }

  /**
   * `vmur punch -r -u userid -N name file`: the file as a spool file in the user's reader;
   * vmur prints its spool id. The reference sets the class afterwards with CP CHANGE; here the
   * management guest's punch is expected to be spooled class X, the class every caller uses,
   * so another class is refused rather than silently ignored.
   */
  private async punch(args: MgmtArgs, input?: Readable): Promise<PunchReply> {
    if (!input) throw new Error('punch needs the file');
    const spoolClass = (args.class || PUNCH_CLASS).toUpperCase();
    if (spoolClass !== PUNCH_CLASS) {
      return {
        rc: MGMT.USAGE,
        lines: [`ERROR: Spool class ${spoolClass}: the management guest punches class X only.`],
      };
    }
    return staged(this.opts.tmpDir, async (dir) => {
      const file = join(dir, 'punch');
      await stageInput(file, input);
      const r = await this.run('vmur', ['punch', '-r', '-u', args.userid, '-N', args.name, file]);
      const code = this.exitCode('vmur', r);
      const lines = outputLines(r.stdout + r.stderr);
      if (code !== 0) return { rc: MGMT.FAILED, lines: asError(lines) };
      const id = /spoolid\s+(\d{1,4})/i.exec(r.stdout) ?? /\b(\d{4})\b/.exec(r.stdout);
      return id ? { rc: 0, lines, spoolId: Number(id[1]) } : { rc: 0, lines };
    });
  }

  /**
   * `creatediskimage userid vdev file --compression n` (zthin), then the file as a stream;
   * its staging directory goes once the stream ends or is dropped.
   */
  async mgmtFile(op: MgmtOperation, args: MgmtArgs): Promise<Readable | MgmtReply> {
    if (op !== 'creatediskimage') throw new Error(`${op} writes no file`);
    const dir = await stagingDir(this.opts.tmpDir);
    const cleanup = () => removeStaging(dir);
    const file = join(dir, 'image');
    try {
      const argv = [args.userid, args.vdev, file, '--compression', args.compression ?? '6'];
      const r = await this.run('creatediskimage', argv, true);
      const reply = this.scriptReply('creatediskimage', r);
      if (reply.rc !== 0) {
        await cleanup();
        return reply;
      }
    } catch (e) {
      await cleanup();
      throw e;
    }
    // the directory goes before the stream ends, or when its reader drops it
    return Readable.from(
      (async function* () {
        try {
          yield* createReadStream(file);
        } finally {
          await cleanup();
        }
      })(),
      { objectMode: false },
    );
  }

  /** CPC, LPAR and PCHIDs from `zhypinfo -j` and `lschp`. */
  machine(): Promise<MachineFacts> {
    return machineFacts((tool, args) => this.run(tool, args));
  }

  /** The tools are there to run (no call is made: a probe must not show in CP's logs). */
  async ping(): Promise<boolean> {
    try {
      await access(this.paths.vmcp, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  }
}
