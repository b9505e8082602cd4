import {
  Injectable,
  Logger,
  Optional,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Job, Queue } from 'bullmq';
import { AppConfig } from '#config';
import { type Envelope, Errors, HvError, httpStatusOf } from '#envelope';
import { JOB_CATALOGUE, isJobName, type QueueName } from '#jobs';
import { type OperationRecord, OperationsRepository } from '#persistence';
import { WorkMeter } from '#telemetry';
import { RedisService } from '../coordination/redis.service.js';
import type { OperationJobData } from '../job-data.js';
import { jobOptions } from '../job-options.js';
import { meterEnded } from './operation-meter.js';
import { OperationSettler } from './operation-settler.js';
import { OperationUnwinder } from './operation-unwinder.js';
import { LateEffectSweep } from './late-effect-sweep.js';
import { queueOf } from '../queue-of.js';
import { QueueDrain } from '../queue-drain.service.js';

/**
 * Worker-side safety net, at worker start and every RECONCILE_INTERVAL_S: an operation whose job ended or vanished
 * without its row ending is ended (completed job: its result; failed or gone after it started:
 * unwound; never started: enqueued again), and the undo of operations left
 * `needs_attention` is retried. A Redis lock per operation keeps workers from doing it twice.
 */
@Injectable()
export class OperationReconciler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger(OperationReconciler.name);
  private timer?: NodeJS.Timeout;
  private sweeping = false;

  constructor(
    private readonly cfg: AppConfig,
    private readonly ops: OperationsRepository,
    private readonly unwinder: OperationUnwinder,
    private readonly settler: OperationSettler,
    private readonly redis: RedisService,
    private readonly moduleRef: ModuleRef,
    private readonly lateEffects: LateEffectSweep,
    private readonly drains: QueueDrain,
    @Optional() private readonly meter?: WorkMeter,
  ) {}

  onApplicationBootstrap(): void {
    // once at start too: a worker restarted after a crash settles what it left at once
    void this.sweep();
    this.timer = setInterval(() => void this.sweep(), this.cfg.RECONCILE_INTERVAL_S * 1000);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** One pass; errors (Redis or hypervisor still down) wait for the next. */
  async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      // drained queues paused again first (Redis may have restarted): what is enqueued anew waits
      await this.drains.apply();
      // rows untouched for two lock periods: a live worker would have renewed or moved them
      const before = new Date(Date.now() - 2 * this.cfg.WORKER_LOCK_S * 1000);
      for (const op of await this.ops.staleIn(['queued', 'running', 'needs_attention'], before)) {
        await this.locked(op.id, () => this.reconcile(op)).catch((e: Error) =>
          this.log.warn(`reconciling operation ${op.id}: ${e.message}`),
        );
      }
      await this.lateEffects.pass((id, fn) => this.locked(id, fn));
    } catch (e) {
      this.log.warn(`reconcile pass failed: ${(e as Error).message}`);
    } finally {
      this.sweeping = false;
    }
  }

  private async reconcile(op: OperationRecord): Promise<void> {
    if (!isJobName(op.kind) || JOB_CATALOGUE[op.kind].system) return;
    const fresh = await this.ops.get(op.id);
    if (!fresh || fresh.updatedAt.getTime() !== op.updatedAt.getTime()) return; // moved on
    if (op.status === 'needs_attention') {
      await this.unwinder.unwind(op, { error: needsAttentionError(op), mayComplete: false });
      return;
    }
    const queue = this.queue(JOB_CATALOGUE[op.kind].queue);
    const job = (await queue.getJob(op.id)) as Job<OperationJobData> | undefined;
    const state = job ? await job.getState() : 'missing';
    if (job && state === 'completed') {
      // a completed job is a success, or a cancel (its value the cancelled envelope)
      const env = job.returnvalue as Envelope;
      const ok = env.overallRC === 0;
      const ended = await this.ops.finish(op.id, {
        status: ok ? 'succeeded' : 'cancelled',
        response: env,
        httpStatus: ok ? 200 : httpStatusOf(env, job.data.statusRule),
      });
      meterEnded(this.meter, ended);
      await this.settler.leaveLine(op);
    } else if (
      ['missing', 'failed'].includes(state) &&
      op.status === 'queued' &&
      !op.steps.length
    ) {
      // never started (e.g. Redis lost the job, or failed it while it was unreachable): it
      // still can run, so it is not failed
      this.log.warn(`operation ${op.id} lost its job before it started: enqueued again`);
      if (job) await job.remove();
      await queue.add(
        op.kind,
        { payload: op.request, statusRule: 'default', operation: `/operations/${op.id}` },
        { jobId: op.id, ...jobOptions(JOB_CATALOGUE[op.kind].attempts) },
      );
    } else if (job === undefined || state === 'failed' || state === 'missing') {
      const error = Errors.jobLost(op.id, job?.failedReason ?? 'its job is gone');
      await this.unwinder.unwind(op, { error, job, rule: job?.data.statusRule, mayComplete: true });
    }
  }

  /**
   * The undo of a needs_attention operation retried now (an operator's resolve): whether it ran
   * (false when the operation is no longer needs_attention, or a pass is at it already).
   */
  async retryUndo(id: string): Promise<boolean> {
    let ran = false;
    await this.locked(id, async () => {
      const op = await this.ops.get(id);
      if (op?.status !== 'needs_attention') return;
      await this.unwinder.unwind(op, { error: needsAttentionError(op), mayComplete: false });
      ran = true;
    });
    return ran;
  }

  private async locked(id: string, fn: () => Promise<void>): Promise<void> {
    const key = this.redis.key('reconcile', id);
    const ttl = Math.max(60_000, 4 * this.cfg.WORKER_LOCK_S * 1000);
    if ((await this.redis.client.set(key, '1', 'PX', ttl, 'NX')) !== 'OK') return;
    try {
      await fn();
    } finally {
      await this.redis.client.del(key);
    }
  }

  private queue(name: QueueName): Queue {
    return queueOf(this.moduleRef, name);
  }
}

/** What a needs_attention operation ends with once undone: the envelope it failed with. */
function needsAttentionError(op: OperationRecord): HvError {
  return op.response ? HvError.fromEnvelope(op.response) : Errors.internal(op.id);
}
