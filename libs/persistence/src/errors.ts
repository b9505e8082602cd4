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

/** A listing cursor that this service did not hand out (or that is corrupt). */
export class InvalidCursorError extends Error {
  constructor() {
    super('invalid cursor');
    this.name = 'InvalidCursorError';
  }
}

/**
 * Prisma's unique-constraint code. Checked by code, not class: each generated client (SQLite,
 * PostgreSQL) has its own PrismaClientKnownRequestError class.
 */
export function isUniqueViolation(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === 'P2002';
}
