import type { ExecCmdReply } from '#hypervisor';
import { bootLines, writeConsole } from '../state/guest-console.js';
import { parseUserStatement } from '../state/directory.parser.js';
import { bootDevice, detectOs } from '../state/guest-os.js';
import { configureStatusLines, runGuestConfigure } from '../guestconf/guest-configure.js';
import { dfLines, procMounts, procSwaps } from '../guestconf/filesystems.js';
import { memInfoLines, runningConfig } from '../state/guest-running.js';
import type { HypervisorState } from '../state/hypervisor.state.js';
import type { UserRecord } from '../state/state.types.js';
import { NETWORK_COMMANDS } from '../network/guest-network.js';
import { arg, mgmtFail, notInDirectory, RC, useridArg, type MgmtQuery } from './mgmt.reply.js';

/** The guest OS's answer to what the reference sends over IUCV, by command. */
type GuestCommand = (state: HypervisorState, u: UserRecord) => string[];

/** Reboots the OS in place: the guest stays logged on and boots its IPL device again. */
function reboot(state: HypervisorState, u: UserRecord): string[] {
  writeConsole(u, 'Rebooting.');
  const boot = bootDevice(u.directory);
  u.os = boot && u.disks[boot] ? detectOs(state.files.minidiskPath(u.userid, boot)) : null;
  writeConsole(u, ...bootLines(u.os));
  if (u.os) runGuestConfigure(state, u);
  state.changed();
  return [];
}

/** Halts the OS: the guest stays logged on (in a disabled wait) until CP logs it off. */
function halt(state: HypervisorState, u: UserRecord): string[] {
  writeConsole(u, 'System halted.');
  u.os = null;
  state.changed();
  return [];
}

/** os-release fields of the booted OS (`rhel9.0` → ID=rhel, VERSION_ID="9.0"). */
function osRelease(_state: HypervisorState, u: UserRecord): string[] {
  const m = /^([a-z]+?)(\d[\d.]*)$/.exec(u.os?.distro ?? '');
  return m ? [`ID=${m[1]}`, `VERSION_ID="${m[2]}"`] : [`ID=${u.os?.distro ?? ''}`];
}

/** `lscpu --parse=ADDRESS`: header comments, then one line per online CPU. */
function onlineCpus(_state: HypervisorState, u: UserRecord): string[] {
  const n = u.running?.cpus ?? 1;
  return ['# The following is the parsable format', '# CPU', ...[...Array(n).keys()].map(String)];
}

/** Starts the configuration service; like systemctl, a failed run is a failed command. */
function startConfigure(state: HypervisorState, u: UserRecord): string[] {
  const status = runGuestConfigure(state, u);
  if (status !== 0) {
    throw mgmtFail(
      RC.FAILED,
      'Job for zvmguestconfigure.service failed because the control process exited with error code.',
    );
  }
  return [];
}

const COMMANDS: Record<string, GuestCommand> = {
  'cat /etc/os-release': osRelease,
  'uname -r': (_s, u) => [u.os?.kernel ?? ''],
  'lscpu --parse=ADDRESS': onlineCpus,
  'cat /proc/meminfo': (s, u) => memInfoLines(u, s.clock()),
  'lsmem -b': (_s, u) => [`Total online memory: ${(u.running?.memMb ?? 0) * 1024 ** 2}`],
  'echo ping': () => ['ping'],
  pwd: () => ['/root'],
  "echo 'ping'": () => ['ping'],
  'shutdown -h now': halt,
  'shutdown -r now': reboot,
  'systemctl start zvmguestconfigure.service': startConfigure,
  'service zvmguestconfigure start': startConfigure,
  '/usr/bin/zvmguestconfigure start': startConfigure,
  'cat /proc/mounts': (_s, u) => procMounts(u),
  'cat /proc/swaps': (_s, u) => procSwaps(u),
  df: (_s, u) => dfLines(u),
  'df -k': (_s, u) => dfLines(u),
  'systemctl status zvmguestconfigure.service': (_s, u) => configureStatusLines(u),
  ...NETWORK_COMMANDS,
};

/** `MACHINE ESA <n>`: the most virtual CPUs the guest may define; undefined when not set. */
function maxCpus(directory: readonly string[]): number | undefined {
  const line = directory.find((l) => /^MACHINE\s+\S+\s+\d+/i.test(l.trim()));
  return line ? Number(line.trim().split(/\s+/)[2]) : undefined;
}

/** Megabytes of the USER line's maximum storage: the most `DEFINE STORAGE` may reach. */
function maxStorageMb(u: UserRecord): number {
  const user = parseUserStatement(u.directory[0] ?? '');
  return typeof user === 'string' ? 0 : Math.floor(user.maxStorageBytes / 1024 ** 2);
}

/**
 * Commands with operands. `vmcp def cpu <addr…>` adds CPUs to the running guest (CP: at most
 * the MACHINE maximum, an address in use is HCP1422E); `vmcp def storage standby <n>M` and
 * `chmem -e <n>M` bring storage online up to the USER line's maximum; `chcpu -r|-e` are the
 * guest noticing them (accepted, nothing to do in the model).
 */
const PATTERNS: [
  RegExp,
  (state: HypervisorState, u: UserRecord, m: RegExpExecArray) => string[],
][] = [
  [
    /^vmcp def(?:ine)? cpu ((?:[0-9a-f]{1,2} ?)+)$/i,
    (state, u, m) => {
      const r = running(u, state);
      const addrs = m[1]
        .trim()
        .split(' ')
        .map((a) => parseInt(a, 16));
      const max = maxCpus(u.directory) ?? 64;
      if (addrs.some((a) => a < r.cpus)) {
        throw mgmtFail(RC.FAILED, `HCP1422E The CPU address specified is already defined`);
      }
      if (r.cpus + addrs.length > max) {
        throw mgmtFail(
          RC.FAILED,
          `HCP1458E The maximum number of virtual CPUs (${max}) is exceeded`,
        );
      }
      r.cpus += addrs.length;
      state.changed();
      return addrs.map((a) => `CPU ${a.toString(16).toUpperCase().padStart(2, '0')} defined`);
    },
  ],
  [/^chcpu -[re]( [0-9,-]+)?$/, () => []],
  [
    /^(?:vmcp def(?:ine)? stor(?:age)? standby|chmem -e) (\d+)M$/i,
    (state, u, m) => {
      const r = running(u, state);
      if (m[0].startsWith('vmcp')) return [];
      const add = Number(m[1]);
      if (r.memMb + add > maxStorageMb(u)) {
        throw mgmtFail(RC.FAILED, `chmem: Memory increase exceeds the standby storage`);
      }
      r.memMb += add;
      state.changed();
      return [];
    },
  ],
];

function running(u: UserRecord, state: HypervisorState): NonNullable<UserRecord['running']> {
  u.running ??= runningConfig(u.directory, state.clock());
  return u.running;
}

/**
 * execcmd: runs one command in the guest's OS over IUCV. Reachable means logged on, not paused
 * or shutting down, and an OS up; otherwise rc 3 (the reference reads any failure of its
 * `echo 'ping'` probe as "not reachable").
 */
export function execCommand(state: HypervisorState, q: MgmtQuery): ExecCmdReply {
  const userid = useridArg(q);
  const cmd = arg(q, 'cmd').replace(/\s+/g, ' ');
  const u = state.user(userid);
  if (!u) throw notInDirectory(userid);
  if (!u.loggedOn || u.paused || u.logoffAt !== undefined || !u.os) {
    throw mgmtFail(RC.FAILED, `IUCV connection to ${userid} failed: the guest is not reachable`);
  }
  // the IUCV server on the guest answers only its authorised client (iucvauth.sh)
  if (u.osSettings?.iucvAuthorized === false) {
    throw mgmtFail(RC.FAILED, `UNAUTHORIZED_ERROR: ${userid} does not authorise this IUCV client`);
  }
  const run = COMMANDS[cmd];
  if (run) return { rc: 0, lines: run(state, u) };
  for (const [re, withOperands] of PATTERNS) {
    const m = re.exec(cmd);
    if (m) return { rc: 0, lines: withOperands(state, u, m) };
  }
  throw mgmtFail(RC.USAGE, `Command not supported by the simulated guest: ${cmd}`);
}
