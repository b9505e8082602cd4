import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Job } from 'bullmq';
import { AppConfig } from '#config';
import { type Envelope, Errors, ModID, ok, type StatusRule } from '#envelope';
import { isJobName, JOB_CATALOGUE, type JobName, type QueueName } from '#jobs';
import { type OperationRecord, type OperationResolution, OperationsRepository } from '#persistence';
import type { Accepted } from './accepted.js';
import { CancelSignals } from '../coordination/cancel-signals.service.js';
import { GuestTurns } from '../coordination/guest-turns.service.js';
import type { OperationJobData } from '../job-data.js';
import { acceptedFor, queueDown, waitMsFor } from './operation-answers.js';
import type { OperationRequest } from './operation-request.decorator.js';
import { OperationsService } from './operations.service.js';
import { operationAudit } from './request-audit.js';
import { operationView } from '../operation-view.js';
import { queueOf } from '../queue-of.js';
import { QueueDrain } from '../queue-drain.service.js';

/** How often a resolve that retries the undo looks whether the undo has ended. */
const UNDO_POLL_MS = 200;

/** What POST /operations/{id}/resolve is asked to do. */
export interface ResolveRequest {
  /** `resolved`: end it on the operator's word, without running the undo. */
  mark?: 'resolved';
  note?: string;
}

/**
 * The operator's verbs on an ended operation: retry a failed or cancelled one as a new operation
 * (same kind and request, through the submit path), and resolve a needs_attention one (its undo
 * retried now by a worker, or marked resolved); each refused with 409 in any other state.
 */
@Injectable()
export class OperationVerbs {
  constructor(
    private readonly cfg: AppConfig,
    private readonly ops: OperationsRepository,
    private readonly submitter: OperationsService,
    private readonly turns: GuestTurns,
    private readonly cancels: CancelSignals,
    private readonly moduleRef: ModuleRef,
    private readonly drains: QueueDrain,
  ) {}

  /**
   * Runs the operation again as a new one linked both ways (`retry_of`, `retried_by`),
   * answered like any submit; without the original's Idempotency-Key, with its status rule.
   */
  async retry(id: string, req: OperationRequest): Promise<Envelope | Accepted> {
    const op = await this.existing(id);
    if (op.status !== 'failed' && op.status !== 'cancelled') {
      throw Errors.notRetriable(id, `it is ${op.status}; only a failed or cancelled one is`);
    }
    if (op.retriedBy) {
      throw Errors.notRetriable(id, `it was retried by operation ${op.retriedBy}`, op.retriedBy);
    }
    if (!isJobName(op.kind) || JOB_CATALOGUE[op.kind].system) {
      throw Errors.notRetriable(id, `its kind ${op.kind} is not one that can be submitted`);
    }
    const { idempotencyKey: _, ...asked } = req;
    return this.submitter.submit(op.kind, op.request as never, {
      ...asked,
      statusRule: await this.statusRuleOf(op),
      retryOf: id,
    });
  }

  /**
   * Ends a needs_attention operation: with `mark: resolved` at once, as failed or cancelled
   * (as its envelope says), on the operator's word; else its undo is retried now by a worker,
   * waited for as a submit waits. Either way the resolve is kept on the operation.
   */
  async resolve(
    id: string,
    body: ResolveRequest,
    req: OperationRequest,
  ): Promise<Envelope | Accepted> {
    const op = await this.existing(id);
    if (op.status !== 'needs_attention') throw Errors.notResolvable(id, op.status);
    const audit = operationAudit(req.audit);
    const resolution: OperationResolution = {
      how: body.mark === 'resolved' ? 'marked_resolved' : 'undo_retried',
      by: audit.requestedBy,
      at: new Date().toISOString(),
      requestId: audit.requestId,
      ...(body.note !== undefined ? { note: body.note } : {}),
    };
    if (!(await this.ops.addResolution(id, resolution))) await this.refuseResolve(id);
    return body.mark === 'resolved' ? this.markResolved(op) : this.retryUndo(op, req);
  }

  private async markResolved(op: OperationRecord): Promise<Envelope> {
    const cancelled = op.response?.modID === ModID.REST && op.response.rs === 14;
    const ended = await this.ops.finish(
      op.id,
      {
        status: cancelled ? 'cancelled' : 'failed',
        response: op.response ?? Errors.internal(op.id).toEnvelope(),
        httpStatus: op.httpStatus ?? 500,
      },
      ['needs_attention'],
    );
    if (!ended) return this.refuseResolve(op.id); // its undo finished meanwhile
    // it no longer holds its guest's line, even with a step in doubt: the operator said so
    await this.cancels.clear(op.id).catch(queueDown);
    if (op.target) await this.turns.leaveAndWake(op.target, op.id).catch(queueDown);
    return ok(operationView(ended));
  }

  private async retryUndo(
    op: OperationRecord,
    req: OperationRequest,
  ): Promise<Envelope | Accepted> {
    const def = JOB_CATALOGUE['operations.undo'];
    const job = await queueOf(this.moduleRef, def.queue)
      .add(
        'operations.undo',
        {
          payload: { operation_id: op.id },
          statusRule: 'default',
          operation: `/operations/${op.id}`,
        } satisfies OperationJobData<'operations.undo'>,
        { jobId: `undo-${op.id}-${randomUUID()}`, attempts: 1, removeOnComplete: 100 },
      )
      .catch(queueDown);
    // its queue drained, the undo waits for the resume: answered at once, as a held submit is
    const held = this.drains.isDrained(def.queue) ? 'draining' : undefined;
    const deadline = Date.now() + (held ? 0 : waitMsFor(req.prefer, this.cfg.SYNC_WAIT_MAX_S));
    let now = (await this.ops.get(op.id)) ?? op;
    while (now.status === 'needs_attention' && Date.now() < deadline) {
      if (await undoEnded(job)) {
        now = (await this.ops.get(op.id)) ?? now; // it ran: still needs_attention, or ended
        break;
      }
      await sleep(UNDO_POLL_MS);
      now = (await this.ops.get(op.id)) ?? now;
    }
    // ended, or its undo ran and failed again (its steps say why): the operation as it is
    if (now.status !== 'needs_attention' || (await undoEnded(job))) return ok(operationView(now));
    return acceptedFor(now, req.prefer, held);
  }

  private async existing(id: string): Promise<OperationRecord> {
    const op = await this.ops.get(id);
    if (!op) throw Errors.notExist(ModID.REST, `Operation '${id}'`);
    return op;
  }

  private async refuseResolve(id: string): Promise<never> {
    const op = await this.existing(id);
    throw Errors.notResolvable(id, op.status);
  }

  /** The rule of the route that submitted it (kept on its job while that is kept), else default. */
  private async statusRuleOf(op: OperationRecord): Promise<StatusRule> {
    const job = (await queueOf(this.moduleRef, op.queue as QueueName)
      .getJob(op.id)
      .catch(() => undefined)) as Job<OperationJobData<JobName>> | undefined;
    return job?.data.statusRule ?? 'default';
  }
}

async function undoEnded(job: Job): Promise<boolean> {
  const state = await job.getState().catch(() => 'unknown');
  return state === 'completed' || state === 'failed' || state === 'unknown';
}
