import { closeSync, openSync, readSync } from 'node:fs';
import { keyword, normVdev, words } from './directory.parser.js';

/** What the simulated guest's operating system reports once it has booted. */
export interface GuestOs {
  /** `<ID><VERSION_ID>` of its os-release, e.g. `rhel9.0` (the service's os_version form). */
  distro: string;
  kernel: string;
}

/** How much of the boot disk the "boot" reads: where images put their os-release block. */
const SCAN_BYTES = 16 * 1024;

/**
 * The device a logon IPLs: the directory's `IPL <vdev>` when it names a device, otherwise the
 * first MDISK (a guest with no IPL statement boots nothing real, but the root disk is the
 * closest guess of what a later manual IPL would use).
 */
export function bootDevice(directory: readonly string[]): string | undefined {
  const ipl = directory.find((l) => keyword(l) === 'IPL');
  const named = ipl ? normVdev(words(ipl)[1] ?? '') : undefined;
  if (named) return named;
  const mdisk = directory.find((l) => keyword(l) === 'MDISK');
  return mdisk ? normVdev(words(mdisk)[1] ?? '') : undefined;
}

/**
 * The OS found at the start of a disk: an os-release style block (`ID=`, `VERSION_ID=`, and
 * `KERNEL=` for the running kernel's release). A disk without one boots no known OS.
 */
export function parseOsRelease(text: string): GuestOs | null {
  const field = (name: string) => new RegExp(`^${name}="?([^"\\n]*)"?$`, 'm').exec(text)?.[1];
  const id = field('ID');
  const version = field('VERSION_ID');
  if (!id || !version) return null;
  return { distro: `${id}${version}`.toLowerCase(), kernel: field('KERNEL') ?? '' };
}

/** Reads the boot disk's first bytes, as the guest's boot would, and says which OS came up. */
export function detectOs(diskPath: string): GuestOs | null {
  let fd: number | undefined;
  try {
    fd = openSync(diskPath, 'r');
    const buf = Buffer.alloc(SCAN_BYTES);
    const n = readSync(fd, buf, 0, SCAN_BYTES, 0);
    return parseOsRelease(buf.subarray(0, n).toString('latin1'));
  } catch {
    return null; // no such disk: nothing boots
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
