import { Errors } from '#envelope';

/** 3390 cylinder and FBA block sizes, in bytes (real geometry). */
export const CYLINDER_BYTES = 737_280;
export const BLOCK_BYTES = 512;

export type DiskKind = 'ECKD' | 'FBA';

/** Largest minidisk: a 3390 EAV volume's cylinders, an FBA device's 31-bit block count. */
export const MAX_UNITS: Readonly<Record<DiskKind, number>> = { ECKD: 1_182_006, FBA: 2 ** 31 - 1 };

/**
 * Units (cylinders or blocks) for a size string: `<n>M`, `<n>G`, or a bare number of
 * cylinders/blocks; case insensitive. Raises an input error (→ 400) when unreadable.
 */
export function sizeToUnits(size: string, kind: DiskKind): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([mMgG]?)\s*$/.exec(size);
  if (!m)
    throw Errors.input(
      3,
      `disk size '${size}' must be <n>M, <n>G or a number of ${kind === 'ECKD' ? 'cylinders' : 'blocks'}`,
    );
  const n = Number(m[1]);
  const unit = m[2].toUpperCase();
  let units = n;
  if (!unit) {
    if (!Number.isInteger(n) || n < 1)
      throw Errors.input(3, `disk size '${size}' must be a whole number`);
  } else {
    const bytes = n * 1024 ** (unit === 'G' ? 3 : 2);
    units = Math.ceil(bytes / (kind === 'ECKD' ? CYLINDER_BYTES : BLOCK_BYTES));
    if (units < 1) throw Errors.input(3, `disk size '${size}' is too small`);
  }
  if (units > MAX_UNITS[kind]) {
    throw Errors.input(3, `disk size '${size}' is larger than an ${kind} minidisk can be`);
  }
  return units;
}

/** The size echoed in results: as given when it has a unit, else converted to `x.yM|G`. */
export function displaySize(size: string, kind: DiskKind): string {
  if (/[mMgG]\s*$/.test(size)) return size.trim();
  const bytes = Number(size) * (kind === 'ECKD' ? CYLINDER_BYTES : BLOCK_BYTES);
  return bytes >= 1024 ** 3
    ? `${(bytes / 1024 ** 3).toFixed(1)}G`
    : `${(bytes / 1024 ** 2).toFixed(1)}M`;
}

/** `<mem>M` as the directory writes memory: whole gigabytes as `<n>G`. */
export function memoryString(mb: number): string {
  return mb % 1024 === 0 ? `${mb / 1024}G` : `${mb}M`;
}

/** Adds `offset` to a hexadecimal device number, keeping four upper-case digits. */
export function vdevPlus(vdev: string, offset: number): string {
  return (parseInt(vdev, 16) + offset).toString(16).toUpperCase().padStart(4, '0');
}
