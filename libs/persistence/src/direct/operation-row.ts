import type { Operation } from '../generated/sqlite/client.js';
import type { Row } from './direct-db.js';
import { toDate, toDateOrNull, toInt, toIntOrNull, toText, toTextOrNull } from './decode.js';

/** The operations columns under Prisma's field names, for SELECT lists and RETURNING. */
export const OPERATION_COLUMNS = `"id", "kind", "queue", "target", "status", "request", "steps",
  "progress", "response", "http_status" AS "httpStatus", "attempts",
  "idempotency_key" AS "idempotencyKey", "request_hash" AS "requestHash",
  "requested_by" AS "requestedBy", "client_address" AS "clientAddress",
  "user_agent" AS "userAgent", "request_id" AS "requestId", "trace_id" AS "traceId",
  "retry_of" AS "retryOf", "retried_by" AS "retriedBy", "resolutions",
  "late_effects" AS "lateEffects", "sweep_at" AS "sweepAt", "sweeps",
  "created_at" AS "createdAt", "started_at" AS "startedAt", "finished_at" AS "finishedAt",
  "updated_at" AS "updatedAt"`;

/** A row of OPERATION_COLUMNS as Prisma's model API returns it. */
export function toOperation(r: Row): Operation {
  return {
    id: toText(r.id),
    kind: toText(r.kind),
    queue: toText(r.queue),
    target: toTextOrNull(r.target),
    status: toText(r.status),
    request: toText(r.request),
    steps: toText(r.steps),
    progress: toInt(r.progress),
    response: toTextOrNull(r.response),
    httpStatus: toIntOrNull(r.httpStatus),
    attempts: toInt(r.attempts),
    idempotencyKey: toTextOrNull(r.idempotencyKey),
    requestHash: toTextOrNull(r.requestHash),
    requestedBy: toTextOrNull(r.requestedBy),
    clientAddress: toTextOrNull(r.clientAddress),
    userAgent: toTextOrNull(r.userAgent),
    requestId: toTextOrNull(r.requestId),
    traceId: toTextOrNull(r.traceId),
    retryOf: toTextOrNull(r.retryOf),
    retriedBy: toTextOrNull(r.retriedBy),
    resolutions: toText(r.resolutions),
    lateEffects: toText(r.lateEffects),
    sweepAt: toDateOrNull(r.sweepAt),
    sweeps: toInt(r.sweeps),
    createdAt: toDate(r.createdAt),
    startedAt: toDateOrNull(r.startedAt),
    finishedAt: toDateOrNull(r.finishedAt),
    updatedAt: toDate(r.updatedAt),
  };
}
