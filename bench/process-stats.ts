import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's times (USER_HZ): 100 on Linux everywhere it runs. */
const TICKS_PER_S = 100;

/**
 * CPU seconds (user + system, all threads) the processes `pids` have used so far, from
 * /proc/<pid>/stat; 0 for a process gone or where /proc is missing. The figure a busy machine
 * disturbs least: a request's CPU cost does not fall when another program takes a core.
 */
export function cpuSeconds(pids: readonly (number | undefined)[]): number {
  let ticks = 0;
  for (const pid of pids) if (pid !== undefined) ticks += statTicks(`/proc/${pid}/stat`);
  return ticks / TICKS_PER_S;
}

/**
 * CPU seconds of process `pid`'s main thread alone (its event loop, for Node): what a cost on
 * the request path takes from the thread that serves every request, without the GC helpers'
 * and other threads' (a log writer's) share of the process's CPU.
 */
export const mainThreadCpuSeconds = (pid: number): number =>
  statTicks(`/proc/${pid}/task/${pid}/stat`) / TICKS_PER_S;

/** utime + stime of a /proc stat file, in ticks; 0 where it cannot be read. */
function statTicks(path: string): number {
  try {
    // fields after the command's closing parenthesis: utime and stime are the 12th and 13th
    const stat = readFileSync(path, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0; // not on Linux, or the process has ended: counts nothing
  }
}

/** A process's resident set size now, in MiB (/proc/<pid>/status). */
export const rssMiB = (pid: number): number =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
