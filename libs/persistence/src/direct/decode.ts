/** Column values of a direct statement's row (./direct-db.ts) as Prisma's model API returns them. */

/** SQLite's CURRENT_TIMESTAMP text has no zone; it is UTC. */
const ZONELESS = /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d+)?$/;

/** A Date from PostgreSQL, the ISO text Prisma writes on SQLite, or epoch milliseconds. */
export function toDate(v: unknown): Date {
  if (v instanceof Date) return v;
  if (typeof v === 'string') return new Date(ZONELESS.test(v) ? `${v.replace(' ', 'T')}Z` : v);
  if (typeof v === 'number' || typeof v === 'bigint') return new Date(Number(v));
  throw new TypeError(`not a date: ${String(v)}`);
}

export const toDateOrNull = (v: unknown): Date | null => (v === null ? null : toDate(v));

export function toInt(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  throw new TypeError(`not an integer: ${String(v)}`);
}

export const toIntOrNull = (v: unknown): number | null => (v === null ? null : toInt(v));

/** PostgreSQL's boolean, or SQLite's 0/1. */
export function toBool(v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  if (v === 0 || v === 1 || v === 0n || v === 1n) return Number(v) === 1;
  throw new TypeError(`not a boolean: ${String(v)}`);
}

export function toText(v: unknown): string {
  if (typeof v === 'string') return v;
  throw new TypeError(`not text: ${String(v)}`);
}

export const toTextOrNull = (v: unknown): string | null => (v === null ? null : toText(v));
