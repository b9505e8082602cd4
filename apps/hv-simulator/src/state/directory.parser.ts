/** Reading and writing z/VM directory statements, as far as the simulator needs them. */

/** z/VM userids: 1–8 of A–Z, 0–9, @ # $ _ - (upper-cased before matching). */
export const USERID_RE = /^[A-Z0-9@#$_-]{1,8}$/;
/** Storage sizes on USER statements: digits with an optional K/M/G/T/P suffix. */
const STORAGE_RE = /^(\d{1,10})([KMGTP]?)$/;
const SUFFIX_POWER: Record<string, number> = { '': 0, K: 1, M: 2, G: 3, T: 4, P: 5 };

export interface UserStatement {
  userid: string;
  password: string;
  storageBytes: number;
  maxStorageBytes: number;
  classes: string;
}

export function words(line: string): string[] {
  return line.trim().split(/\s+/).filter(Boolean);
}

/** Statement keyword, upper case (`*` comment lines give `*`). */
export function keyword(line: string): string {
  return (words(line)[0] ?? '').toUpperCase();
}

export function isUserStatement(line: string): boolean {
  return ['USER', 'IDENTITY'].includes(keyword(line));
}

export function storageBytes(text: string): number | undefined {
  const m = STORAGE_RE.exec(text.toUpperCase());
  if (!m) return undefined;
  // Without a suffix CP reads bytes; sizes are multiples of 4K in practice, not enforced here.
  return Number(m[1]) * 1024 ** (SUFFIX_POWER[m[2] ?? ''] ?? 0);
}

/**
 * Parses `USER <id> <password> <storage> <maxstorage> <classes>`; classes default to G as CP
 * does. Returns a reason string when the statement is not valid.
 */
export function parseUserStatement(line: string): UserStatement | string {
  const [kw, id, password, storage, maxStorage, classes = 'G'] = words(line);
  if (!kw || !isUserStatement(line)) return 'first statement is not USER/IDENTITY';
  if (!id || !USERID_RE.test(id.toUpperCase())) return `invalid userid ${id ?? '(none)'}`;
  if (!password || password.length > 8) return 'missing or invalid password field';
  const storageB = storage ? storageBytes(storage) : undefined;
  const maxB = maxStorage ? storageBytes(maxStorage) : undefined;
  if (!storageB) return `invalid storage size ${storage ?? '(none)'}`;
  if (!maxB) return `invalid maximum storage size ${maxStorage ?? '(none)'}`;
  if (storageB > maxB) return `storage ${storage} exceeds maximum ${maxStorage}`;
  if (!/^[A-Z1-6]{1,32}$/i.test(classes)) return `invalid privilege classes ${classes}`;
  return {
    userid: id.toUpperCase(),
    password,
    storageBytes: storageB,
    maxStorageBytes: maxB,
    classes: classes.toUpperCase(),
  };
}

/** Normalises a virtual device number (1–4 hex digits) to 4 upper-case digits. */
export function normVdev(text: string): string | undefined {
  return /^[0-9A-F]{1,4}$/i.test(text) ? text.toUpperCase().padStart(4, '0') : undefined;
}

export type DeviceKind = 'MDISK' | 'LINK' | 'DEDICATE' | 'NICDEF' | 'SPECIAL' | 'CONSOLE' | 'SPOOL';

/** Operand index of the local virtual device number of each device statement. */
const VDEV_OPERAND: Record<DeviceKind, number> = {
  MDISK: 1,
  LINK: 3, // LINK <user> <their vdev> <our vdev> <mode>
  DEDICATE: 1,
  NICDEF: 1,
  SPECIAL: 1,
  CONSOLE: 1,
  SPOOL: 1,
};

/** Virtual devices the directory defines, by virtual device number. */
export function definedDevices(directory: readonly string[]): Map<string, DeviceKind> {
  const out = new Map<string, DeviceKind>();
  for (const line of directory) {
    const kw = keyword(line) as DeviceKind;
    const idx = VDEV_OPERAND[kw];
    if (idx === undefined) continue;
    const w = words(line);
    // LINK without a local vdev links at the same number as the owner's.
    const raw = w[idx] ?? (kw === 'LINK' ? w[2] : undefined);
    const vdev = raw ? normVdev(raw) : undefined;
    if (vdev) out.set(vdev, kw);
  }
  return out;
}

/** Profiles named by INCLUDE statements, upper case. */
export function includedProfiles(directory: readonly string[]): string[] {
  return directory
    .filter((l) => keyword(l) === 'INCLUDE')
    .map((l) => (words(l)[1] ?? '').toUpperCase());
}

/** True for MDISK statements that take no pool space (virtual disks in storage). */
export function isVirtualMdisk(line: string): boolean {
  const w = words(line).map((s) => s.toUpperCase());
  return w[0] === 'MDISK' && (w[3] === 'V-DISK' || w[3] === 'T-DISK');
}

export function mdiskStatement(
  vdev: string,
  deviceType: string,
  start: number,
  units: number,
  volser: string,
  mode: string,
): string {
  return `MDISK ${vdev} ${deviceType} ${start} ${units} ${volser} ${mode}`;
}
