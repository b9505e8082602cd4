import { Processor, WorkerHost } from '@nestjs/bullmq';
import { type OnApplicationBootstrap, type OnModuleDestroy, type Type } from '@nestjs/common';
import type { Job } from 'bullmq';
import { AppConfig, type Config, redisLinks } from '#config';
import type { Envelope } from '#envelope';
import type { QueueName } from '#jobs';
import { type OperationJobData, OperationRunner, runLogged } from '#operations';

const MAX_STALLS = 1_000_000;

/** A BullMQ processor for one queue, made at boot for each queue this worker consumes. */
export function processorFor(queue: QueueName, cfg: Config): Type<WorkerHost> {
  const lockMs = cfg.WORKER_LOCK_S * 1000;
  // A job whose lock lapsed (its worker died) is found by the next stall check and run again.
  // BullMQ never fails it for stalling: the runner counts resumptions and unwinds the
  // operation itself (OPERATION_MAX_RESUMPTIONS), so its row always ends.
  @Processor(queue, { lockDuration: lockMs, stalledInterval: lockMs, maxStalledCount: MAX_STALLS })
  class QueueProcessor extends WorkerHost implements OnApplicationBootstrap, OnModuleDestroy {
    constructor(
      private readonly runner: OperationRunner,
      private readonly cfg: AppConfig,
    ) {
      super();
    }

    onApplicationBootstrap(): void {
      this.worker.concurrency = this.cfg.WORKER_CONCURRENCY;
      redisLinks.watchBull(this.worker, `worker ${queue}`);
    }

    /**
     * Shutdown's first step (this module is destroyed before the ones it imports): running
     * operations end before anything they use (database, Redis, hypervisor link) begins to
     * close. @nestjs/bullmq would close workers only in shutdown's last phase.
     */
    async onModuleDestroy(): Promise<void> {
      await this.worker.close();
    }

    process(job: Job<OperationJobData>, token?: string): Promise<Envelope> {
      // every line of the run (steps, hypervisor calls) names the operation and its request
      return runLogged(job, () => this.runner.run(job, token));
    }
  }
  Object.defineProperty(QueueProcessor, 'name', { value: `Processor(${queue})` });
  return QueueProcessor;
}
