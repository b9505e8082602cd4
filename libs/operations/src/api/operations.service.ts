import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { AppConfig } from '#config';
import { type Envelope, Errors, HvError, ModID } from '#envelope';
import { JOB_CATALOGUE, type JobName, type JobPayload, type QueueName } from '#jobs';
import {
  DuplicateRecordError,
  type OperationRecord,
  OperationsRepository,
  WebhookOutboxRepository,
} from '#persistence';
import { annotate, Traced } from '#telemetry';
import type { Accepted } from './accepted.js';
import { BacklogGate } from './backlog-gate.js';
import { DryRunPlanner } from './dry-run.service.js';
import { GuestTurns } from '../coordination/guest-turns.service.js';
import { Idempotency } from './idempotency.service.js';
import type { OperationJobData } from '../job-data.js';
import { jobOptions } from '../job-options.js';
import { JobWaiter } from './job-waiter.service.js';
import { acceptedFor, QUEUE_RETRY_AFTER_S, queueDown, waitMsFor } from './operation-answers.js';
import type { OperationRequest } from './operation-request.decorator.js';
import { isSettled } from '../operation-view.js';
import type { Preferences } from './prefer.js';
import { logQueued } from '../operation-log.js';
import { operationAudit } from './request-audit.js';
import { queueOf } from '../queue-of.js';
import { QueueDrain } from '../queue-drain.service.js';

/**
 * How to submit: what the client asked for, and the route's status rule (all in the request);
 * `retryOf`: the failed or cancelled operation it runs again (POST /operations/{id}/retry).
 */
export type SubmitOptions = OperationRequest & { retryOf?: string };

/** A submission in the queue (its row), or the answer of an earlier one with its key. */
type Enqueued = { created: OperationRecord } | { replay: Promise<Envelope | Accepted> };

/**
 * Turns a change to the hypervisor into an operation: a database row plus a BullMQ job whose
 * id is the operation id, in its guest's line; then waits as the client prefers.
 */
@Injectable()
export class OperationsService {
  constructor(
    private readonly cfg: AppConfig,
    private readonly ops: OperationsRepository,
    private readonly waiter: JobWaiter,
    private readonly turns: GuestTurns,
    private readonly idempotency: Idempotency,
    private readonly moduleRef: ModuleRef,
    private readonly outbox: WebhookOutboxRepository,
    private readonly drains: QueueDrain,
    private readonly dryRun: DryRunPlanner,
  ) {}

  /** Refuses (throws a 400 naming `field`) a callback target the outbound policy denies. */
  private callbackCheck?: (field: string, url: string) => void;

  /**
   * Set by the webhooks lib (which sits above this one): a request's Callback-URL is checked
   * before anything is queued, on the submitting routes only (an interceptor on every route cost
   * each request Nest's observable pipeline).
   */
  checkCallbacksWith(check: (field: string, url: string) => void): void {
    this.callbackCheck = check;
  }

  private queue(name: QueueName): Queue {
    return queueOf(this.moduleRef, name);
  }

  /**
   * Submits an operation, or (`validateOnly`) answers its plan and makes nothing. Resolves with
   * the result envelope when it ends within the wait (throws its HvError when it failed), or
   * Accepted when still queued or running. `secrets` reach `ctx.secrets` by the job, never the row.
   */
  async submit<N extends JobName>(
    kind: N,
    payload: JobPayload<N>,
    opts: SubmitOptions,
    secrets?: Record<string, string>,
  ): Promise<Envelope | Accepted> {
    if (opts.callbackUrl)
      this.callbackCheck?.(opts.callbackField ?? 'Callback-URL', opts.callbackUrl);
    const def = JOB_CATALOGUE[kind];
    const target = (def.target as (p: JobPayload<N>) => string | null)(payload);
    if (opts.validateOnly) return this.dryRun.plan(kind, payload, target, opts);
    const key = opts.idempotencyKey;
    const hash = key ? this.idempotency.hash(kind, payload) : null;
    if (key && hash) {
      const prior = await this.idempotency.find(key, hash);
      if (prior) {
        opts.audit?.submitted(prior.id); // its answer is that operation's: Operation-Id names it
        return this.replay(prior, key, opts.prefer);
      }
    }
    const gate = await this.admit(def.queue).catch(queueDown);
    // drained: the queue is paused again should Redis have lost it (it restarted since)
    if (this.drains.isDrained(def.queue)) {
      await this.drains.ensurePaused(def.queue).catch((e: unknown) => {
        gate.queued();
        queueDown(e);
      });
    }
    let queued: Enqueued;
    try {
      queued = await this.enqueue(kind, payload, opts, target, hash, secrets);
    } finally {
      // the job is in the queue (a count sees it from now on) or never will be
      gate.queued();
    }
    if ('replay' in queued) return queued.replay;
    const { created } = queued;
    // held by a drain it cannot end within any wait: answered at once, never at a proxy's timeout
    const ms = this.drains.heldOf(created) ? 0 : this.waitMs(opts.prefer);
    return this.await(created.id, ms, opts.prefer, created);
  }

  /** The operation's row, its place in the guest's line and its job. */
  @Traced('operation.submit', (kind: JobName) => ({ 'operation.kind': kind }))
  private async enqueue<N extends JobName>(
    kind: N,
    payload: JobPayload<N>,
    opts: SubmitOptions,
    target: string | null,
    hash: string | null,
    secrets?: Record<string, string>,
  ): Promise<Enqueued> {
    const def = JOB_CATALOGUE[kind];
    const key = opts.idempotencyKey;
    const id = randomUUID();
    // before the row, so the operation cannot end before its callback is known (issue #27)
    if (opts.callbackUrl) await this.outbox.setCallback(id, opts.callbackUrl);
    annotate({ 'operation.id': id, ...(target ? { 'operation.userid': target } : {}) });
    const audit = operationAudit(opts.audit);
    // the link first: a second retry of the operation is refused before anything is made
    if (opts.retryOf) await this.claimRetry(opts.retryOf, id);
    let created: OperationRecord;
    try {
      created = await this.ops.create({
        id,
        kind,
        queue: def.queue,
        target,
        request: payload,
        idempotencyKey: key,
        requestHash: hash,
        audit,
        retryOf: opts.retryOf ?? null,
      });
    } catch (e) {
      if (opts.retryOf) await this.ops.releaseRetry(opts.retryOf, id);
      const prior =
        e instanceof DuplicateRecordError && key && hash
          ? await this.idempotency.find(key, hash)
          : null;
      // a concurrent request with the key won
      if (prior) {
        opts.audit?.submitted(prior.id);
        return { replay: this.replay(prior, key!, opts.prefer) };
      }
      throw e;
    }
    if (target) {
      await this.enterLine(target, id, opts.prefer).catch(async (e: unknown) => {
        if (!(e instanceof HvError)) await this.ops.remove(id); // never queued
        if (opts.retryOf) await this.ops.releaseRetry(opts.retryOf, id);
        queueDown(e);
      });
    }
    const data: OperationJobData<N> = {
      payload,
      statusRule: opts.statusRule,
      operation: `/operations/${id}`,
      ...(audit.requestId ? { requestId: audit.requestId } : {}),
      ...(secrets ? { secrets } : {}),
    };
    try {
      await this.queue(def.queue).add(kind, data, {
        jobId: id,
        ...jobOptions(def.attempts),
      });
    } catch {
      await this.notQueued(id, def.queue, target);
    }
    opts.audit?.submitted(id);
    logQueued(created);
    return { created };
  }

  /** Links the retried operation to its retry, or answers 409 saying why it cannot be. */
  private async claimRetry(of: string, id: string): Promise<void> {
    if (await this.ops.claimRetry(of, id)) return;
    const op = await this.ops.get(of);
    if (!op) throw Errors.notExist(ModID.REST, `Operation '${of}'`);
    if (op.retriedBy) {
      throw Errors.notRetriable(of, `it was retried by operation ${op.retriedBy}`, op.retriedBy);
    }
    throw Errors.notRetriable(of, `it is ${op.status}; only a failed or cancelled one is`);
  }

  /**
   * `queue.add` threw, yet the job may exist (Redis took it and the answer was lost). The row
   * goes `failed` only if it is still `queued` (compare-and-set against the worker's
   * markRunning, which starts only from queued/running), so exactly one side wins: either the
   * client hears 503 and the operation can never run, or it hears of the operation as it runs.
   */
  private async notQueued(id: string, queue: QueueName, target: string | null): Promise<void> {
    const exists = await this.queue(queue)
      .getJob(id)
      .then((j) => !!j)
      .catch(() => false);
    if (exists) return;
    const err = Errors.queueUnavailable(QUEUE_RETRY_AFTER_S);
    const failed = await this.ops.finish(
      id,
      { status: 'failed', response: err.toEnvelope(), httpStatus: 503 },
      ['queued'],
    );
    if (!failed) return; // a worker started it: it runs, and the client hears of it
    if (target) await this.turns.leave(target, id).catch(() => null);
    throw err;
  }

  private readonly gates = new Map<QueueName, BacklogGate>();
  /** Refuses work beyond the backlog limit (429); a recent count serves far below it. */
  private async admit(queue: QueueName): Promise<BacklogGate> {
    let gate = this.gates.get(queue);
    if (!gate) {
      const count = async () => {
        const counts = await this.queue(queue).getJobCounts('waiting', 'delayed', 'prioritized');
        return Object.values(counts).reduce((a, b) => a + b, 0);
      };
      gate = new BacklogGate(count, this.cfg.QUEUE_BACKLOG_MAX, this.cfg.QUEUE_BACKLOG_CHECK_MS);
      this.gates.set(queue, gate);
    }
    if (!(await gate.admit())) throw Errors.backlogFull(queue, 30);
    return gate;
  }

  /**
   * Takes the operation's place in the guest's line. Under handling=strict it must be the only
   * one: otherwise the just-made record is removed (it was never queued) and 409 names the
   * operation ahead.
   */
  private async enterLine(target: string, id: string, prefer: Preferences): Promise<void> {
    if (!prefer.strict) {
      await this.turns.join(target, id);
      return;
    }
    const busy = await this.turns.joinIfIdle(target, id);
    if (busy) {
      await this.ops.remove(id);
      throw Errors.guestBusy(target, busy);
    }
  }

  /** The answer for a repeated Idempotency-Key: the result when done, 409 while it runs. */
  private replay(
    prior: OperationRecord,
    key: string,
    prefer: Preferences,
  ): Promise<Envelope | Accepted> {
    if (!isSettled(prior.status)) throw Errors.operationInProgress(key, prior.id);
    return this.await(prior.id, 0, prefer);
  }

  private waitMs(p: Preferences): number {
    return waitMsFor(p, this.cfg.SYNC_WAIT_MAX_S);
  }

  /** Long-poll of GET /operations/{id}: at most LONG_POLL_MAX_S. */
  waitFor(id: string, seconds: number): Promise<OperationRecord | null> {
    return this.waiter.wait(id, Math.min(seconds, this.cfg.LONG_POLL_MAX_S) * 1000);
  }

  /**
   * Waits up to `ms`, then answers with the result or Accepted. `created`: the row just
   * inserted by submit, so the wait need not read it back.
   */
  async await(
    id: string,
    ms: number,
    prefer: Preferences,
    created?: OperationRecord,
  ): Promise<Envelope | Accepted> {
    const op =
      ms > 0 ? await this.waiter.wait(id, ms, created) : (created ?? (await this.ops.get(id)));
    if (!op) throw Errors.notExist(ModID.REST, `Operation '${id}'`);
    if (isSettled(op.status) && op.response) {
      if (op.response.overallRC !== 0) throw HvError.fromEnvelope(op.response);
      return op.response;
    }
    return acceptedFor(op, prefer, this.drains.heldOf(op));
  }
}
