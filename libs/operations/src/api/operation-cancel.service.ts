import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { AppConfig } from '#config';
import { type Envelope, Errors, ModID, ok } from '#envelope';
import type { QueueName } from '#jobs';
import { OperationsRepository } from '#persistence';
import type { Accepted } from './accepted.js';
import { CancelSignals } from '../coordination/cancel-signals.service.js';
import { GuestTurns } from '../coordination/guest-turns.service.js';
import { JobWaiter } from './job-waiter.service.js';
import { acceptedFor, queueDown, waitMsFor } from './operation-answers.js';
import { isSettled, operationView } from '../operation-view.js';
import type { Preferences } from './prefer.js';
import { queueOf } from '../queue-of.js';

/** DELETE /operations/{id}. */
@Injectable()
export class OperationCancel {
  constructor(
    private readonly cfg: AppConfig,
    private readonly ops: OperationsRepository,
    private readonly waiter: JobWaiter,
    private readonly turns: GuestTurns,
    private readonly cancels: CancelSignals,
    private readonly moduleRef: ModuleRef,
  ) {}

  /**
   * Cancels an operation: a queued one is removed at once; a running one is told to stop at its
   * next safe point (any worker process sees it), then undoes what it did. Waits as for submit.
   */
  async cancel(id: string, prefer: Preferences): Promise<Envelope | Accepted> {
    const op = await this.ops.get(id);
    if (!op) throw Errors.notExist(ModID.REST, `Operation '${id}'`);
    if (isSettled(op.status)) throw Errors.notCancellable(id, op.status);
    // a job that ended or vanished without its row ending is unwound as cancelled by a worker
    await this.cancels.request(id).catch(queueDown);
    const job = await queueOf(this.moduleRef, op.queue as QueueName)
      .getJob(id)
      .catch(queueDown);
    const state = job ? await job.getState() : 'unknown';
    if (job && op.steps.length) {
      // a retry (waiting out an outage) of an attempt that did steps: removing it would leave
      // them done; its worker unwinds them, now rather than when its delay ends
      if (state === 'delayed') await job.promote().catch(() => undefined);
    } else if (job && ['waiting', 'delayed', 'prioritized', 'waiting-children'].includes(state)) {
      const removed = await job.remove().then(
        () => true,
        () => false, // taken by a worker meanwhile: it will see the request
      );
      if (removed) {
        const env = Errors.cancelled(id).toEnvelope();
        await this.ops.finish(id, { status: 'cancelled', response: env, httpStatus: 409 }, [
          'queued',
        ]);
        await this.cancels.clear(id);
        if (op.target) await this.turns.leaveAndWake(op.target, id);
      }
    }
    const ended = await this.waiter.wait(id, waitMsFor(prefer, this.cfg.SYNC_WAIT_MAX_S));
    if (ended && isSettled(ended.status)) return ok(operationView(ended));
    return acceptedFor(ended ?? op, prefer);
  }
}
