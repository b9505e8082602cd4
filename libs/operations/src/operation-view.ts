import type { OperationRecord } from '#persistence';
import type { Held } from './queue-drain.service.js';
import { leftInDoubt } from './step-doubts.js';

export const FINAL_STATUSES = ['succeeded', 'failed', 'cancelled'] as const;

export function isFinal(status: string): boolean {
  return (FINAL_STATUSES as readonly string[]).includes(status);
}

/**
 * Ended as far as clients and the guest's line are concerned: final, or needs_attention (it
 * failed and keeps only undo work, which the worker retries on its own).
 */
export function isSettled(status: string): boolean {
  return isFinal(status) || status === 'needs_attention';
}

/**
 * Whether the operation still holds its guest's line: until it has ended, and while it waits,
 * needs_attention, on a step whose call may still land (another operation on the guest could
 * otherwise be mistaken for its effect, or undone with it).
 */
export function holdsGuestLine(op: Pick<OperationRecord, 'status' | 'steps'>): boolean {
  return !isSettled(op.status) || (op.status === 'needs_attention' && leftInDoubt(op.steps));
}

/**
 * The operation resource as clients see it (snake_case like the rest of the API). `held`:
 * queued in a drained queue, it starts only at the resume (the field is absent otherwise).
 */
export function operationView(op: OperationRecord, held?: Held) {
  return {
    id: op.id,
    kind: op.kind,
    queue: op.queue,
    target: op.target,
    status: op.status,
    ...(held ? { held } : {}),
    progress: { percent: op.progress, step: op.steps.at(-1)?.name ?? null },
    attempts: op.attempts,
    steps: op.steps.map((s) => ({
      name: s.name,
      started_at: s.startedAt,
      ended_at: s.endedAt ?? null,
      result: s.result ?? null,
      ...(s.rc !== undefined ? { rc: s.rc, rs: s.rs } : {}),
      ...(s.detail ? { detail: s.detail } : {}),
      ...(s.inDoubtUntil ? { in_doubt_until: s.inDoubtUntil } : {}),
    })),
    request: op.request,
    created_at: op.createdAt.toISOString(),
    started_at: op.startedAt?.toISOString() ?? null,
    finished_at: op.finishedAt?.toISOString() ?? null,
    http_status: op.httpStatus,
    response: op.response,
    requested_by: op.requestedBy ?? null,
    client_address: op.clientAddress ?? null,
    user_agent: op.userAgent ?? null,
    request_id: op.requestId ?? null,
    trace_id: op.traceId ?? null,
    retry_of: op.retryOf ?? null,
    retried_by: op.retriedBy ?? null,
    late_effects: (op.lateEffects ?? []).map((l) => ({
      step: l.step,
      found_at: l.foundAt,
      action: l.action,
      ...(l.detail ? { detail: l.detail } : {}),
    })),
    resolutions: (op.resolutions ?? []).map((r) => ({
      how: r.how,
      by: r.by,
      at: r.at,
      request_id: r.requestId,
      ...(r.note !== undefined ? { note: r.note } : {}),
    })),
    links: {
      self: `/operations/${op.id}`,
      ...(op.retryOf ? { retry_of: `/operations/${op.retryOf}` } : {}),
      ...(op.retriedBy ? { retried_by: `/operations/${op.retriedBy}` } : {}),
    },
  };
}

export type OperationView = ReturnType<typeof operationView>;
