import type { Operation } from './generated/sqlite/client.js';
import type { DirectDb, Sql } from './direct/direct-db.js';
import { toText } from './direct/decode.js';
import { OPERATION_COLUMNS, toOperation } from './direct/operation-row.js';

/**
 * The operation statements of every submit and run, as single SQL statements on the direct layer
 * (issue #17): Prisma's model API compiles each call's query and sends writes inside an implicit
 * transaction, and its adapter prepares every statement anew; these are prepared once. The SQL is
 * the common subset of SQLite (≥ 3.35, for RETURNING) and PostgreSQL. `updated_at` is written
 * here because Prisma's `@updatedAt` only applies to its model API, and the reconciler relies on
 * it.
 */

const memo = new Map<string, Sql>();
/** One statement text per shape (e.g. per length of an IN list), so it is prepared once. */
function shape(key: string, build: () => Sql): Sql {
  let sql = memo.get(key);
  if (!sql) memo.set(key, (sql = build()));
  return sql;
}
const placeholders = (first: number, n: number) =>
  Array.from({ length: n }, (_, i) => `$${first + i}`).join(', ');

const INSERT = `INSERT INTO "operations" ("id", "kind", "queue", "target", "status", "request",
    "idempotency_key", "request_hash", "requested_by", "client_address", "user_agent",
    "request_id", "trace_id", "retry_of", "created_at", "updated_at")
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
  RETURNING ${OPERATION_COLUMNS}`;

export interface OperationInsert {
  id: string;
  kind: string;
  queue: string;
  target: string | null;
  status: string;
  request: string;
  idempotencyKey: string | null;
  requestHash: string | null;
  requestedBy?: string | null;
  clientAddress?: string | null;
  userAgent?: string | null;
  requestId?: string | null;
  traceId?: string | null;
  retryOf?: string | null;
}

/** Inserts a new operation (the columns' defaults for the rest); the row as stored. */
export async function insertReturning(db: DirectDb, op: OperationInsert): Promise<Operation> {
  const now = new Date();
  const [row] = await db.all(INSERT, [
    op.id,
    op.kind,
    op.queue,
    op.target,
    op.status,
    op.request,
    op.idempotencyKey,
    op.requestHash,
    op.requestedBy ?? null,
    op.clientAddress ?? null,
    op.userAgent ?? null,
    op.requestId ?? null,
    op.traceId ?? null,
    op.retryOf ?? null,
    now,
    now,
  ]);
  if (!row) throw new Error(`operation ${op.id}: INSERT returned no row`);
  return toOperation(row);
}

const BY_ID = `SELECT ${OPERATION_COLUMNS} FROM "operations" WHERE "id" = $1`;
const BY_KEY = `SELECT ${OPERATION_COLUMNS} FROM "operations" WHERE "idempotency_key" = $1`;

export async function selectById(db: DirectDb, id: string): Promise<Operation | null> {
  const [row] = await db.all(BY_ID, [id]);
  return row ? toOperation(row) : null;
}

/** Ids per statement of the many-id reads: well under SQLite's and PostgreSQL's parameter caps. */
export const IDS_PER_STATEMENT = 500;

/**
 * The rows of `ids` (at most IDS_PER_STATEMENT; missing ones left out): one prepared statement
 * per length of the list.
 */
export async function selectByIds(db: DirectDb, ids: readonly string[]): Promise<Operation[]> {
  const sql = shape(
    `ids:${ids.length}`,
    () => `SELECT ${OPERATION_COLUMNS} FROM "operations"
    WHERE "id" IN (${placeholders(1, ids.length)})`,
  );
  return (await db.all(sql, [...ids])).map(toOperation);
}

/** Which of `ids` (at most IDS_PER_STATEMENT) are no longer queued or running. */
export async function selectEndedIds(db: DirectDb, ids: readonly string[]): Promise<string[]> {
  const sql = shape(
    `ended:${ids.length}`,
    () => `SELECT "id" FROM "operations"
    WHERE "id" IN (${placeholders(1, ids.length)}) AND "status" NOT IN ('queued', 'running')`,
  );
  return (await db.all(sql, [...ids])).map((r) => toText(r.id));
}

export async function selectByIdempotencyKey(db: DirectDb, key: string): Promise<Operation | null> {
  const [row] = await db.all(BY_KEY, [key]);
  return row ? toOperation(row) : null;
}

/**
 * Sets `status`, `attempts` and (unless set by an earlier attempt) `started_at` of an operation
 * whose status is one of `from`; returns the row it changed, or null when none matched.
 */
export async function markRunningReturning(
  db: DirectDb,
  id: string,
  attempt: number,
  from: readonly string[],
): Promise<Operation | null> {
  const sql = shape(
    `running:${from.length}`,
    () => `UPDATE "operations"
    SET "status" = 'running', "attempts" = $1, "started_at" = COALESCE("started_at", $2),
      "updated_at" = $3
    WHERE "id" = $4 AND "status" IN (${placeholders(5, from.length)})
    RETURNING ${OPERATION_COLUMNS}`,
  );
  const now = new Date();
  const [row] = await db.all(sql, [attempt, now, now, id, ...from]);
  return row ? toOperation(row) : null;
}

const CAS_STEPS = `UPDATE "operations" SET "steps" = $1, "updated_at" = $2
  WHERE "id" = $3 AND "steps" = $4`;
const CAS_STEPS_OF_RUN = `${CAS_STEPS} AND "attempts" = $5`;

/**
 * Replaces the steps if they still are `known` (compare-and-set) and, with `attempt`, if that
 * run still owns the operation (no later delivery marked it running since); whether it did.
 */
export async function compareAndSetSteps(
  db: DirectDb,
  id: string,
  known: string,
  steps: string,
  attempt?: number,
): Promise<boolean> {
  return attempt === undefined
    ? (await db.run(CAS_STEPS, [steps, new Date(), id, known])) > 0
    : (await db.run(CAS_STEPS_OF_RUN, [steps, new Date(), id, known, attempt])) > 0;
}

export interface FinishFields {
  status: string;
  response: string;
  httpStatus: number;
  /** Set progress to 100 (a success). */
  complete: boolean;
}

/** Ends an operation whose status is one of `from`; the row it changed, or null. */
export async function finishReturning(
  db: DirectDb,
  id: string,
  f: FinishFields,
  from: readonly string[],
): Promise<Operation | null> {
  const sql = shape(
    `finish:${f.complete}:${from.length}`,
    () => `UPDATE "operations"
    SET "status" = $1, "response" = $2, "http_status" = $3, "finished_at" = $4,
      "updated_at" = $5, "progress" = ${f.complete ? '100' : '"progress"'}
    WHERE "id" = $6 AND "status" IN (${placeholders(7, from.length)})
    RETURNING ${OPERATION_COLUMNS}`,
  );
  const now = new Date();
  const [row] = await db.all(sql, [f.status, f.response, f.httpStatus, now, now, id, ...from]);
  return row ? toOperation(row) : null;
}
