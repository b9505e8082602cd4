import { parseUserStatement } from './directory.parser.js';
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
 * A running guest's counters: CPU time grows with the time logged on (a lightly loaded guest,
 * ~2 % of each CPU), memory in use is most of its storage once booted.
 */
export function performance(
  u: UserRecord,
  now: number,
): {
  guestCpus: number;
  usedCpuTimeUs: number;
  elapsedCpuTimeUs: number;
  usedMemKb: number;
  maxMemKb: number;
} {
  const r = u.running ?? runningConfig(u.directory, now);
  const elapsedUs = Math.max(0, now - r.since) * 1000;
  const user = parseUserStatement(u.directory[0] ?? '');
  const maxMemKb = typeof user === 'string' ? 0 : Math.floor(user.maxStorageBytes / 1024);
  return {
    guestCpus: r.cpus,
    usedCpuTimeUs: Math.floor(elapsedUs * r.cpus * 0.02),
    elapsedCpuTimeUs: elapsedUs,
    usedMemKb: Math.floor(r.memMb * 1024 * (u.os ? 0.6 : 0.05)),
    maxMemKb,
  };
}
