import type { Job } from 'bullmq';
import type { Envelope } from '#envelope';
import { contextField, currentLogger, stripUrlCredentials, withLogContext } from '#logging';
import type { Logger } from 'pino';
import type { OperationRecord, OperationStep } from '#persistence';
import type { OperationJobData } from './job-data.js';

/**
 * The lines an operation writes as it goes (issue #26): one per transition (queued, running or
 * resumed, ended, needs_attention) and one per step (undo steps too) at info, all with the
 * operation's id, kind, userid, attempt and request id, so `grep <operation id>` or
 * `grep <request id>` across the api's and workers' output tells its whole story.
 */

type OperationKey = Pick<OperationRecord, 'id' | 'kind' | 'target'> &
  Partial<Pick<OperationRecord, 'attempts' | 'requestId'>>;

/** The fields naming an operation on its lines. */
function fieldsOf(op: OperationKey): Record<string, unknown> {
  return {
    operation_id: op.id,
    kind: op.kind,
    userid: op.target,
    ...(op.attempts ? { attempt: op.attempts } : {}),
    ...(op.requestId ? { request_id: op.requestId } : {}),
  };
}

/** The logger for `op`'s lines: the worker's context when it is this operation's, else one naming it. */
function loggerFor(op: OperationKey): Logger {
  const log = currentLogger();
  return contextField('operation_id') === op.id ? log : log.child(fieldsOf(op));
}

/**
 * Runs a job with every line logged while it runs (steps, hypervisor calls, Nest loggers)
 * carrying the operation's fields.
 */
export function runLogged<T>(job: Job<OperationJobData>, run: () => Promise<T>): Promise<T> {
  const userid = (job.data.payload as { userid?: unknown }).userid;
  return withLogContext(
    {
      operation_id: job.id,
      kind: job.name,
      ...(typeof userid === 'string' ? { userid: userid.toUpperCase() } : {}),
      attempt: job.attemptsMade + (job.stalledCounter ?? 0) + 1,
      ...(job.data.requestId ? { request_id: job.data.requestId } : {}),
    },
    run,
  );
}

/** The api queued an operation (its row and job exist). */
export function logQueued(op: OperationRecord): void {
  currentLogger().info({ ...fieldsOf(op), requested_by: op.requestedBy }, 'operation queued');
}

/** A worker started the operation: its first run, or a resumption after a lost worker. */
export function logRunning(op: OperationRecord): void {
  const resumed = op.attempts > 1;
  // the attempt is among the job's context fields (runLogged)
  loggerFor(op).info({ status: 'running' }, resumed ? 'operation resumed' : 'operation running');
}

/** The operation ended (or needs attention): with its codes and how long it ran. */
export function logEnded(op: OperationRecord, status: string, env: Envelope): void {
  const ms = op.startedAt ? Date.now() - op.startedAt.getTime() : null;
  const line = { status, rc: env.rc, rs: env.rs, duration_ms: ms };
  if (status === 'succeeded') loggerFor(op).info(line, 'operation ended');
  else loggerFor(op).warn({ ...line, errmsg: stripUrlCredentials(env.errmsg) }, 'operation ended');
}

/** A step started (debug) or ended (info; failures with their codes and detail). */
export function logStep(operationId: string, step: OperationStep): void {
  let log = currentLogger();
  // a start line is at debug: below it, not even its logger is made
  if (!step.endedAt && !log.isLevelEnabled('debug')) return;
  if (contextField('operation_id') !== operationId) log = log.child({ operation_id: operationId });
  if (!step.endedAt) {
    log.debug({ step: step.name }, 'step started');
    return;
  }
  log.info(
    {
      step: step.name,
      result: step.result,
      ...(step.rc !== undefined ? { rc: step.rc, rs: step.rs } : {}),
      duration_ms: Date.parse(step.endedAt) - Date.parse(step.startedAt),
      ...(step.detail ? { detail: stripUrlCredentials(step.detail) } : {}),
    },
    'step ended',
  );
}
