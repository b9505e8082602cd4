import { randomUUID } from 'node:crypto';
import { getQueueToken } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { AppConfig } from '#config';
import { type Envelope, Errors, HvError, type StatusRule } from '#envelope';
import { JOB_CATALOGUE, type JobName, type JobPayload, type QueueName } from '#jobs';
import { OperationsRepository } from '#persistence';
import { Accepted } from './accepted.js';
import type { OperationJobData } from './job-data.js';
import { JobWaiter } from './job-waiter.service.js';
import { isFinal, operationView } from './operation-view.js';
import { type Preferences, preferenceApplied } from './prefer.js';

export interface SubmitOptions {
  prefer: Preferences;
  statusRule: StatusRule;
}

/**
 * Turns a change to the hypervisor into an operation: a database row plus a BullMQ job whose
 * id is the operation id; then waits as the client prefers.
 */
@Injectable()
export class OperationsService {
  private readonly log = new Logger(OperationsService.name);

  constructor(
    private readonly cfg: AppConfig,
    private readonly ops: OperationsRepository,
    private readonly waiter: JobWaiter,
    private readonly moduleRef: ModuleRef,
  ) {}

  private queue(name: QueueName): Queue {
    return this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
  }

  /**
   * Submits an operation. Resolves with the result envelope when it ends within the wait
   * (throws its HvError when it failed), or with Accepted when it is still queued or running.
   */
  async submit<N extends JobName>(
    kind: N,
    payload: JobPayload<N>,
    opts: SubmitOptions,
  ): Promise<Envelope | Accepted> {
    const def = JOB_CATALOGUE[kind];
    const id = randomUUID();
    const target = (def.target as (p: JobPayload<N>) => string | null)(payload);
    await this.ops.create({ id, kind, queue: def.queue, target, request: payload });
    const data: OperationJobData<N> = {
      payload,
      statusRule: opts.statusRule,
      operation: `/operations/${id}`,
    };
    try {
      await this.queue(def.queue).add(kind, data, {
        jobId: id,
        attempts: def.attempts,
        backoff: { type: 'exponential', delay: 1000 },
        removeOnComplete: { age: 24 * 3600, count: 10_000 },
        removeOnFail: { age: 7 * 24 * 3600, count: 10_000 },
      });
    } catch (e) {
      const err = Errors.serviceUnavailable(
        `The job queue is unavailable: ${(e as Error).message}`,
      );
      await this.ops.finish(id, { status: 'failed', response: err.toEnvelope(), httpStatus: 503 });
      throw err;
    }
    return this.await(id, this.waitMs(opts.prefer), opts.prefer);
  }

  private waitMs(p: Preferences): number {
    if (p.respondAsync) return 0;
    const cap = this.cfg.SYNC_WAIT_MAX_S;
    return Math.min(p.wait ?? cap, cap) * 1000;
  }

  /** Long-poll of GET /operations/{id}: at most 50 s, below common proxy idle limits. */
  waitFor(id: string, seconds: number) {
    return this.waiter.wait(id, Math.min(seconds, 50) * 1000);
  }

  /** Waits up to `ms`, then answers with the result or Accepted. */
  async await(id: string, ms: number, prefer: Preferences): Promise<Envelope | Accepted> {
    const op = ms > 0 ? await this.waiter.wait(id, ms) : await this.ops.get(id);
    if (!op) throw Errors.notExist(120, `Operation '${id}'`);
    if (isFinal(op.status) && op.response) {
      if (op.response.overallRC !== 0) throw HvError.fromEnvelope(op.response);
      return op.response;
    }
    const view = operationView(op);
    return new Accepted(
      { overallRC: 0, rc: 0, rs: 0, errmsg: '', modID: null, output: view },
      view.links.self,
      op.status === 'queued' ? 2 : 1,
      preferenceApplied(prefer),
    );
  }
}
