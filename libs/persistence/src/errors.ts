/** A row with the same unique key exists (guest userid, operation idempotency key, image name). */
export class DuplicateRecordError extends Error {
  constructor(
    readonly entity: 'guest' | 'operation' | 'image' | 'nic',
    readonly key: string,
  ) {
    super(`${entity} ${key} already exists`);
    this.name = 'DuplicateRecordError';
  }
}

/**
 * A later delivery of the same job marked the operation running (the queue lost this run's lock,
 * e.g. across a Redis restart, and handed the job out again): this run no longer owns it and
 * records nothing more.
 */
export class RunSupersededError extends Error {
  constructor(
    readonly operationId: string,
    readonly attempt: number,
  ) {
    super(`operation ${operationId}: run ${attempt} was superseded by a later delivery`);
    this.name = 'RunSupersededError';
  }
}

/** A listing cursor that this service did not hand out (or that is corrupt). */
export class InvalidCursorError extends Error {
  constructor() {
    super('invalid cursor');
    this.name = 'InvalidCursorError';
  }
}

/** The drivers' unique-violation codes, for the direct statements (direct/): SQLite's, PostgreSQL's. */
const DRIVER_UNIQUE = new Set([
  'SQLITE_CONSTRAINT_UNIQUE',
  'SQLITE_CONSTRAINT_PRIMARYKEY',
  '23505',
]);

/**
 * A unique-constraint violation, from Prisma (P2002) or a driver. Checked by code, not class: each
 * generated client (SQLite, PostgreSQL) has its own PrismaClientKnownRequestError class.
 */
export function isUniqueViolation(e: unknown): boolean {
  if (typeof e !== 'object' || e === null) return false;
  const code = (e as { code?: unknown }).code;
  return code === 'P2002' || (typeof code === 'string' && DRIVER_UNIQUE.has(code));
}
