import { Processor, WorkerHost } from '@nestjs/bullmq';
import { type OnApplicationBootstrap, type OnModuleDestroy, type Type } from '@nestjs/common';
import { type Job, UnrecoverableError } from 'bullmq';
import { AppConfig, type Config, redisLinks } from '#config';
import { WEBHOOK_QUEUE, type WebhookDeliveryJobData } from '#jobs';
import { jitteredDelay } from '../domain/retry-schedule.js';
import { type AttemptResult, DeliveryAttempts } from './delivery-attempt.service.js';

/** The backoff type delivery jobs name (their attempts come from attemptsFor). */
export const WEBHOOK_BACKOFF = 'webhook';

/**
 * The BullMQ processor of the webhooks queue: one attempt per run. A failure to retry throws
 * (BullMQ waits the custom backoff: exponential, capped, jittered); a final one throws
 * UnrecoverableError, so the job ends failed in the dashboard as in the delivery log.
 */
export function webhookProcessor(cfg: Config): Type<WorkerHost> {
  const lockMs = cfg.WORKER_LOCK_S * 1000;
  // a job whose worker died is found by the stall check and sent again: the same webhook-id
  @Processor(WEBHOOK_QUEUE, {
    lockDuration: lockMs,
    stalledInterval: lockMs,
    maxStalledCount: 1_000_000,
    settings: { backoffStrategy: (attemptsMade: number) => jitteredDelay(cfg, attemptsMade) },
  })
  class WebhookProcessor extends WorkerHost implements OnApplicationBootstrap, OnModuleDestroy {
    constructor(
      private readonly attempts: DeliveryAttempts,
      private readonly cfg: AppConfig,
    ) {
      super();
    }

    onApplicationBootstrap(): void {
      this.worker.concurrency = this.cfg.WORKER_CONCURRENCY;
      redisLinks.watchBull(this.worker, `worker ${WEBHOOK_QUEUE}`);
    }

    /** Deliveries under way end before the database closes (see the operation queues'). */
    async onModuleDestroy(): Promise<void> {
      await this.worker.close();
    }

    async process(job: Job<WebhookDeliveryJobData>): Promise<AttemptResult> {
      const last = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      const { result, error } = await this.attempts.attempt(job.data.delivery, last);
      if (result === 'retry') throw new Error(error ?? 'delivery failed');
      if (result === 'end') throw new UnrecoverableError(error ?? 'delivery failed');
      return result;
    }
  }
  return WebhookProcessor;
}
