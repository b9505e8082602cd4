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
  for (const pid of pids) {
    if (pid === undefined) continue;
    try {
      // fields after the command's closing parenthesis: utime and stime are the 12th and 13th
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // not on Linux, or the process has ended: counts nothing
    }
  }
  return ticks / TICKS_PER_S;
}

/** A process's resident set size now, in MiB (/proc/<pid>/status). */
export const rssMiB = (pid: number): number =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
