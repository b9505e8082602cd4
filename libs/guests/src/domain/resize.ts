import { Errors, ModID } from '#envelope';

/** A directory rewrite, or null when the entry already says what was asked (no-op). */
export type DirectoryChange = string[] | null;

const DEFINE_CPU = /^COMMAND\s+DEFINE\s+CPU\s+([0-9A-F]{1,2})\b/i;
const SHORT_CPU = /^CPU\s+([0-9A-F]{1,2})\b/i;
const hex2 = (n: number) => n.toString(16).toUpperCase().padStart(2, '0');

/** Addresses of the CPUs the entry defines, both statement forms, in directory order. */
function cpuAddresses(directory: readonly string[]): number[] {
  return directory.flatMap((l) => {
    const m = DEFINE_CPU.exec(l.trim()) ?? SHORT_CPU.exec(l.trim());
    return m ? [parseInt(m[1], 16)] : [];
  });
}

/** `MACHINE ESA <max>`, or undefined when the entry does not set a maximum. */
export function maxCpus(directory: readonly string[]): number | undefined {
  const line = directory.find((l) => /^MACHINE\s+\S+\s+\d+/i.test(l.trim()));
  return line ? Number(line.trim().split(/\s+/)[2]) : undefined;
}

export function definedCpus(directory: readonly string[]): number {
  return cpuAddresses(directory).length;
}

/**
 * The entry with `count` CPUs (reference §9.7 resize_cpus): above the maximum → 409 rs 4
 * (no MACHINE maximum: the current count is the maximum); fewer → the highest addresses go;
 * more → `COMMAND DEFINE CPU` for the lowest free addresses; `SHARE RELATIVE` follows the
 * count at the same share per CPU.
 */
export function resizeCpus(
  userid: string,
  directory: readonly string[],
  count: number,
): DirectoryChange {
  const addrs = cpuAddresses(directory);
  const max = maxCpus(directory) ?? Math.max(addrs.length, 1);
  if (max === 0)
    throw Errors.conflict(ModID.GUEST, 3, `The max CPU count of ${userid} is not defined`);
  if (count > max) {
    throw Errors.conflict(
      ModID.GUEST,
      4,
      `Failed to resize cpus of guest: '${userid}', error: requested number of CPUs ${count} exceeds the maximum ${max}`,
    );
  }
  if (count === addrs.length) return null;
  const keep = new Set([...addrs].sort((a, b) => a - b).slice(0, count));
  let lines = directory.filter((l) => {
    const m = DEFINE_CPU.exec(l.trim()) ?? SHORT_CPU.exec(l.trim());
    return !m || keep.has(parseInt(m[1], 16));
  });
  const added: string[] = [];
  for (let a = 0; keep.size + added.length < count; a++) {
    if (!keep.has(a)) added.push(`COMMAND DEFINE CPU ${hex2(a)} TYPE IFL`);
  }
  if (added.length) {
    const anchor = lastIndex(
      lines,
      (l) => DEFINE_CPU.test(l) || SHORT_CPU.test(l) || /^MACHINE\s/i.test(l),
    );
    lines = [...lines.slice(0, anchor + 1), ...added, ...lines.slice(anchor + 1)];
  }
  const share = lines.findIndex((l) => /^SHARE\s+RELATIVE\s+\d+/i.test(l.trim()));
  if (share >= 0 && addrs.length > 0) {
    const perCpu = Number(lines[share].trim().split(/\s+/)[2]) / addrs.length;
    lines[share] = `SHARE RELATIVE ${Math.max(1, Math.round(perCpu * count))}`;
  }
  return lines;
}

function lastIndex(lines: readonly string[], pred: (l: string) => boolean): number {
  for (let i = lines.length - 1; i >= 0; i--) if (pred(lines[i].trim())) return i;
  return 0;
}

/** Megabytes of a directory storage size (`512M`, `4G`, `1024K`); undefined when unreadable. */
function storageMb(text: string | undefined): number | undefined {
  const m = /^(\d+)([KMGT])$/i.exec(text ?? '');
  if (!m) return undefined;
  const scale = { K: 1 / 1024, M: 1, G: 1024, T: 1024 * 1024 }[m[2].toUpperCase() as 'K'];
  return Number(m[1]) * scale;
}

/** The USER line's initial and maximum storage, MB; 409 rs 19 when it cannot be read. */
export function directoryMemory(
  userid: string,
  directory: readonly string[],
): { index: number; initial: number; max: number } {
  const index = directory.findIndex((l) => /^(USER|IDENTITY)\s/i.test(l.trim()));
  const f = index >= 0 ? directory[index].trim().split(/\s+/) : [];
  const initial = storageMb(f[3]);
  const max = storageMb(f[4]);
  if (initial === undefined || max === undefined) {
    throw Errors.conflict(
      ModID.GUEST,
      19,
      `Failed to get the memory of guest '${userid}' from its directory`,
    );
  }
  return { index, initial, max };
}

/** Megabytes of a resize `size` (`<n>M` or `<n>G`; validated before). */
export function sizeMb(size: string): number {
  const n = Number(size.slice(0, -1));
  return /g$/i.test(size) ? n * 1024 : n;
}

/**
 * The entry with `mb` initial storage (reference §9.7 resize_mem): above the USER line's
 * maximum → 409 rs 20; the initial field becomes `<mb>M` and the reserved storage statement
 * `COMMAND DEF STOR INITIAL STANDBY REMAINDER`.
 */
export function resizeMemory(
  userid: string,
  directory: readonly string[],
  mb: number,
): DirectoryChange {
  const { index, initial, max } = directoryMemory(userid, directory);
  if (mb > max) {
    throw Errors.conflict(
      ModID.GUEST,
      20,
      `Failed to resize memory of guest: '${userid}', error: requested memory ${mb}M exceeds the maximum ${max}M`,
    );
  }
  if (mb === initial) return null;
  const lines = [...directory];
  const f = lines[index].trim().split(/\s+/);
  f[3] = `${mb}M`;
  lines[index] = f.join(' ');
  const stor = lines.findIndex((l) => /^COMMAND\s+DEF(INE)?\s+STOR/i.test(l.trim()));
  if (stor >= 0) lines[stor] = 'COMMAND DEF STOR INITIAL STANDBY REMAINDER';
  return lines;
}
