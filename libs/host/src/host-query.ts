import { Errors } from '#envelope';

const TRUE = ['true', 'TRUE', 'True', '1', 'ON', 'On', 'on', 'YES', 'Yes', 'yes'];
const FALSE = ['false', 'FALSE', 'False', '0', 'OFF', 'Off', 'off', 'NO', 'No', 'no'];

/** The reference's disk pool name: `<type>:<name>`, e.g. `ECKD:POOL1`. */
export const POOL_NAME = /^\w+:\w+$/;
/** The reference's volume name: at most six word characters. */
export const VOLUME_NAME = /^\w{0,6}$/;

const repr = (values: unknown[]): string => `[${values.map((v) => `'${String(v)}'`).join(', ')}]`;

/**
 * One optional query parameter (at most one value) checked against `pattern`, with the
 * reference's validation message; undefined when absent.
 */
export function oneQueryValue(name: string, raw: unknown, pattern: RegExp): string | undefined {
  if (raw === undefined) return undefined;
  const values = Array.isArray(raw) ? (raw as unknown[]) : [raw];
  const [value] = values;
  let problem: string | undefined;
  if (values.length > 1) problem = `${repr(values)} is too long`;
  else if (typeof value !== 'string' || !pattern.test(value)) {
    problem = `'${String(value)}' does not match '${pattern.source}'`;
  }
  if (problem) {
    throw Errors.validation(
      `Invalid input for query parameters ${name}. Value: ${repr(values)}. ${problem}`,
    );
  }
  return value as string;
}

/**
 * `details` of GET /host/diskpool: any boolean-ish spelling passes validation, but only a
 * literal `true` (any case) turns details on, as in the reference's handler.
 */
export function detailsFlag(raw: unknown): boolean {
  const value = oneQueryValue('details', raw, /^.*$/);
  if (value === undefined) return false;
  if (!TRUE.includes(value) && !FALSE.includes(value)) {
    throw Errors.validation(
      `Invalid input for query parameters details. Value: ['${value}']. '${value}' is not a boolean`,
    );
  }
  return value.toLowerCase() === 'true';
}

/**
 * Refuses a pool whose type (before the `:`, any case) is neither ECKD nor FBA, as the
 * reference's api does before any hypervisor call (SDKInvalidInputFormat: 100/100/3 → 400);
 * `why` words it as the reference's function does, given the type in upper case.
 */
export function checkPoolType(poolname: string, why: (type: string) => string): void {
  const type = poolname.split(':')[0].toUpperCase();
  if (type !== 'ECKD' && type !== 'FBA') throw Errors.input(3, why(type));
}

/** `ECKD:POOL1` → `POOL1` (the directory manager's group name, upper case). */
export function poolGroup(poolname: string): string {
  return (poolname.split(':')[1] ?? poolname).toUpperCase();
}
