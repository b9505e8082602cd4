import { parseUserStatement } from './directory.parser.js';
import type { UserRecord } from './state.types.js';

const MB = 1024 * 1024;

/** Initial storage of the user's directory entry, MB (0 when the USER line is unreadable). */
export function userMemoryMb(u: UserRecord): number {
  const parsed = u.directory[0] ? parseUserStatement(u.directory[0]) : 'none';
  return typeof parsed === 'string' ? 0 : Math.round(parsed.storageBytes / MB);
}

/** Virtual CPUs the user defines (`CPU nn` or `COMMAND DEFINE CPU nn`); a guest has at least 1. */
export function userCpus(u: UserRecord): number {
  const n = u.directory.filter((l) => /^(COMMAND\s+DEF(INE)?\s+)?CPU\s/i.test(l.trim())).length;
  return Math.max(1, n);
}
