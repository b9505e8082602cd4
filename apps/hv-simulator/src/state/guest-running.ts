import type { ImagePerformanceOutput } from '#hypervisor';
import { parseUserStatement } from './directory.parser.js';
import { cpuSecondsPerCpu, memInfo, memoryInUse } from './guest-load.js';
import type { UserRecord } from './state.types.js';

const CPU_STATEMENT = /^(COMMAND\s+DEFINE\s+CPU|CPU)\s+[0-9A-F]{1,2}\b/i;

/**
 * What CP builds at logon from the directory: one virtual CPU per CPU statement (at least
 * one: CP always defines CPU 00) and the USER line's initial storage.
 */
export function runningConfig(
  directory: readonly string[],
  now: number,
): NonNullable<UserRecord['running']> {
  const cpus = Math.max(1, directory.filter((l) => CPU_STATEMENT.test(l.trim())).length);
  const user = parseUserStatement(directory[0] ?? '');
  const memMb = typeof user === 'string' ? 0 : Math.floor(user.storageBytes / 1024 ** 2);
  return { cpus, memMb, since: now };
}

/**
 * A running guest's counters as Image_Performance_Query reports them: CPU time grows with the
 * time logged on × CPUs at a wandering light load (guest-load.ts), CP samples each CPU once a
 * second (in use when it ran, in delay for about a third of those), memory in use moves within
 * its storage once an OS is up. The minimum CPU count is the directory's CPUs, the CPU limit
 * 10000 (no cap), nothing is shared.
 */
export function performance(u: UserRecord, now: number): ImagePerformanceOutput {
  const r = u.running ?? runningConfig(u.directory, now);
  const elapsedS = Math.max(0, now - r.since) / 1000;
  const user = parseUserStatement(u.directory[0] ?? '');
  const maxMemKb = typeof user === 'string' ? 0 : Math.floor(user.maxStorageBytes / 1024);
  const usedCpuS = cpuSecondsPerCpu(elapsedS) * r.cpus;
  const inUse = Math.floor(usedCpuS);
  return {
    guestCpus: r.cpus,
    usedCpuTimeUs: Math.floor(usedCpuS * 1e6),
    elapsedCpuTimeUs: Math.floor(elapsedS * 1e6),
    minCpuCount: runningConfig(u.directory, now).cpus,
    maxCpuLimit: 10000,
    samplesCpuInUse: inUse,
    samplesCpuDelay: Math.floor(inUse / 3),
    usedMemKb: Math.floor(r.memMb * 1024 * memoryInUse(elapsedS, !!u.os)),
    maxMemKb,
    minMemKb: 0,
    sharedMemKb: 0,
  };
}

/** `cat /proc/meminfo` of the running guest's OS (the lines the service reads), in kB. */
export function memInfoLines(u: UserRecord, now: number): string[] {
  const r = u.running ?? runningConfig(u.directory, now);
  const m = memInfo(r.memMb * 1024, Math.max(0, now - r.since) / 1000);
  const line = (name: string, kb: number) => `${`${name}:`.padEnd(16)}${String(kb).padStart(8)} kB`;
  return [line('MemTotal', m.total), line('MemFree', m.free), line('MemAvailable', m.available)];
}
