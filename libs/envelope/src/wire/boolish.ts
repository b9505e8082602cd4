import { Transform } from 'class-transformer';

// The reference's boolean-ish spellings (reference-behaviour §3).
const TRUE = new Set(['True', 'TRUE', 'true', '1', 'ON', 'On', 'on', 'YES', 'Yes', 'yes']);
const FALSE = new Set(['False', 'FALSE', 'false', '0', 'OFF', 'Off', 'off', 'NO', 'No', 'no']);

/** A boolean-ish value: true/false or one of the reference's spellings; undefined if neither. */
export function boolish(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  if (v === 1 || v === 0) return v === 1;
  if (typeof v !== 'string') return undefined;
  if (TRUE.has(v)) return true;
  if (FALSE.has(v)) return false;
  return undefined;
}

/** DTO transform: boolean-ish strings become booleans; anything else is left for validation. */
export const Boolish = () =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? (boolish(value) ?? value) : value,
  );

/** DTO transform: an integer or digit string (the reference's positive_integer). */
export const Integerish = () =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value,
  );
