import { Prisma } from './generated/sqlite/client.js';
import type { Operation } from './generated/sqlite/client.js';
import type { Db } from './prisma.service.js';

/**
 * The worker's per-operation writes as single SQL statements (issue #17). Prisma's model API
 * sends each `updateMany`/`updateManyAndReturn` inside an implicit transaction (its COMMIT a
 * round trip of its own) and compiles each call's query; a raw statement is sent as written.
 * The SQL is the common subset of SQLite (≥ 3.35, for RETURNING) and PostgreSQL: quoted
 * identifiers, `IN (…)`, `COALESCE`, `RETURNING`. `updated_at` is written here because Prisma's
 * `@updatedAt` only applies to its model API, and the reconciler relies on it.
 */

/** The row as Prisma's model API returns it (columns under their field names). */
const RETURNING = Prisma.sql`RETURNING "id", "kind", "queue", "target", "status", "request",
  "steps", "progress", "response", "http_status" AS "httpStatus", "attempts",
  "idempotency_key" AS "idempotencyKey", "request_hash" AS "requestHash",
  "created_at" AS "createdAt", "started_at" AS "startedAt", "finished_at" AS "finishedAt",
  "updated_at" AS "updatedAt"`;

type RawRow = { [K in keyof Operation]: unknown };

const date = (v: unknown): Date => (v instanceof Date ? v : new Date(v as string | number));
const int = (v: unknown): number => Number(v);

/**
 * A raw row into Prisma's shape. SQLite reports no declared type for RETURNING columns, so
 * dates may come back as the ISO text Prisma stored and integers as numbers or bigints.
 */
function toOperation(r: RawRow): Operation {
  return {
    id: r.id as string,
    kind: r.kind as string,
    queue: r.queue as string,
    target: r.target as string | null,
    status: r.status as string,
    request: r.request as string,
    steps: r.steps as string,
    progress: int(r.progress),
    response: r.response as string | null,
    httpStatus: r.httpStatus === null ? null : int(r.httpStatus),
    attempts: int(r.attempts),
    idempotencyKey: r.idempotencyKey as string | null,
    requestHash: r.requestHash as string | null,
    createdAt: date(r.createdAt),
    startedAt: r.startedAt === null ? null : date(r.startedAt),
    finishedAt: r.finishedAt === null ? null : date(r.finishedAt),
    updatedAt: date(r.updatedAt),
  };
}

const list = (values: readonly string[]) => Prisma.join(values.map((v) => Prisma.sql`${v}`));

/**
 * Sets `status`, `attempts` and (unless set by an earlier attempt) `started_at` of an operation
 * whose status is one of `from`; returns the row it changed, or null when none matched.
 */
export async function markRunningReturning(
  db: Db,
  id: string,
  attempt: number,
  from: readonly string[],
): Promise<Operation | null> {
  const now = new Date();
  const rows = await db.$queryRaw<RawRow[]>`UPDATE "operations"
    SET "status" = 'running', "attempts" = ${attempt},
      "started_at" = COALESCE("started_at", ${now}), "updated_at" = ${now}
    WHERE "id" = ${id} AND "status" IN (${list(from)}) ${RETURNING}`;
  return rows[0] ? toOperation(rows[0]) : null;
}

/** Replaces the steps if they still are `known` (compare-and-set); whether it did. */
export async function compareAndSetSteps(
  db: Db,
  id: string,
  known: string,
  steps: string,
): Promise<boolean> {
  const count = await db.$executeRaw`UPDATE "operations"
    SET "steps" = ${steps}, "updated_at" = ${new Date()}
    WHERE "id" = ${id} AND "steps" = ${known}`;
  return count > 0;
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
  db: Db,
  id: string,
  f: FinishFields,
  from: readonly string[],
): Promise<Operation | null> {
  const now = new Date();
  const progress = f.complete ? Prisma.sql`100` : Prisma.sql`"progress"`;
  const rows = await db.$queryRaw<RawRow[]>`UPDATE "operations"
    SET "status" = ${f.status}, "response" = ${f.response}, "http_status" = ${f.httpStatus},
      "finished_at" = ${now}, "updated_at" = ${now}, "progress" = ${progress}
    WHERE "id" = ${id} AND "status" IN (${list(from)}) ${RETURNING}`;
  return rows[0] ? toOperation(rows[0]) : null;
}
