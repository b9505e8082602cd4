import type { Envelope } from '#envelope';

export const OPERATION_STATUSES = [
  'queued',
  'running',
  'succeeded',
  'failed',
  'cancelled',
  /** Failed or cancelled, but an undo could not run: retried by the worker until done. */
  'needs_attention',
] as const;
export type OperationStatus = (typeof OPERATION_STATUSES)[number];
export type FinalOperationStatus = Extract<OperationStatus, 'succeeded' | 'failed' | 'cancelled'>;

/** One step of an operation; times are ISO 8601 strings (steps are stored as JSON). */
export interface OperationStep {
  name: string;
  startedAt: string;
  endedAt?: string;
  result?: 'ok' | 'failed' | 'skipped';
  rc?: number;
  rs?: number;
  detail?: string;
  /**
   * The step failed before its call reached the hypervisor (connection refused, …): nothing
   * of it happened, so it is in no doubt.
   */
  unsent?: boolean;
  /**
   * The step is in doubt and neither read back nor safe to repeat: until when its call may
   * still land (the operation waits, probing, or is probed again later). ISO 8601.
   */
  inDoubtUntil?: string;
  /** The step was in doubt at some time: the operation is re-checked for late effects. */
  doubted?: boolean;
}

/** An effect of an ended operation's own step in doubt, found after it ended (issue #58). */
export interface LateEffect {
  /** The step whose call landed late. */
  step: string;
  /** When the re-check found it (ISO 8601). */
  foundAt: string;
  /** What was done: `undone`, or `undo failed` (detail says why; left to GET /drift). */
  action: 'undone' | 'undo failed';
  detail?: string;
}

/** An operation as callers see it: JSON columns parsed, timestamps as Dates. */
export interface OperationRecord {
  id: string;
  /** Job name, e.g. `guest.create`. */
  kind: string;
  queue: string;
  /** Upper-case guest userid, when the operation acts on one. */
  target: string | null;
  status: OperationStatus;
  request: Record<string, unknown>;
  steps: OperationStep[];
  progress: number;
  response: Envelope | null;
  httpStatus: number | null;
  attempts: number;
  idempotencyKey: string | null;
  requestHash: string | null;
  // The audit columns: null on rows from before them. Optional only so that records made by
  // hand in tests need not name them; the repository always fills them.
  /** Who asked: `token:<fingerprint>` of the auth token, `admin` or `none`. */
  requestedBy?: string | null;
  clientAddress?: string | null;
  userAgent?: string | null;
  /** The submitting request's X-Request-Id. */
  requestId?: string | null;
  /** The OpenTelemetry trace of the submit, when one was active. */
  traceId?: string | null;
  /** The operation this one runs again (POST /operations/{id}/retry). */
  retryOf?: string | null;
  /** The operation that runs this one again. */
  retriedBy?: string | null;
  /** Each operator's resolve of it while it was needs_attention, oldest first. */
  resolutions?: OperationResolution[];
  /** Effects of its own steps in doubt found after it ended, and what was done about them. */
  lateEffects?: LateEffect[];
  /** When it is next re-checked for late effects; null when not (any more). */
  sweepAt?: Date | null;
  /** Re-checks for late effects done so far. */
  sweeps?: number;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  updatedAt: Date;
}

export interface NewOperation {
  id: string;
  kind: string;
  queue: string;
  target?: string | null;
  /** Defaults to `queued`. */
  status?: OperationStatus;
  /** The job payload (any JSON-serialisable object, e.g. a DTO instance). */
  request: object;
  idempotencyKey?: string | null;
  requestHash?: string | null;
  audit?: OperationAudit;
  /** The operation it runs again. */
  retryOf?: string | null;
}

/**
 * An operator's resolve of a needs_attention operation (POST /operations/{id}/resolve): the
 * undo retried now, or the operation marked resolved on the operator's word.
 */
export interface OperationResolution {
  how: 'undo_retried' | 'marked_resolved';
  /** Who (as `requested_by`), when (ISO 8601), with which request. */
  by: string;
  at: string;
  requestId: string | null;
  note?: string;
}

/** Who asked for an operation and how to find its request in the logs and traces. */
export interface OperationAudit {
  requestedBy: string;
  clientAddress: string | null;
  userAgent: string | null;
  requestId: string | null;
  traceId: string | null;
}

export interface OperationOutcome {
  status: FinalOperationStatus | 'needs_attention';
  response: Envelope;
  httpStatus: number;
}

export interface OperationQuery {
  target?: string;
  status?: OperationStatus | readonly OperationStatus[];
  kind?: string;
  requestedBy?: string;
  /** The submitting request's X-Request-Id. */
  requestId?: string;
  /** Submitted at or after / before. */
  since?: Date;
  until?: Date;
  limit: number;
  /** `nextCursor` of the previous page. */
  cursor?: string;
}

export interface OperationPage {
  items: OperationRecord[];
  /** Null on the last page. */
  nextCursor: string | null;
}
