import { BullModule, getQueueToken } from '@nestjs/bullmq';
import { type DynamicModule, Module } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { AppConfig, redisLinks } from '#config';
import { QUEUES } from '#jobs';
import { queueTelemetry } from '#telemetry';
import { bullConnection } from './coordination/bull-connection.js';

/**
 * Every queue of the catalogue, each with its BullMQ connection (REDIS_URL or
 * REDIS_CLUSTER_NODES) and its own prefix (QUEUE_PREFIX; on a cluster the queue's hash tag). A
 * worker of a queue takes the queue's options, so producer and consumer name the same keys.
 */
@Module({})
export class QueuesModule {
  static forRoot(role: 'api' | 'worker'): DynamicModule {
    return {
      module: QueuesModule,
      imports: [
        BullModule.registerQueueAsync(
          ...QUEUES.map((name) => ({
            name,
            inject: [AppConfig],
            // telemetry (when tracing): a job's trace goes on from the submit into the worker
            useFactory: (cfg: AppConfig) => ({
              ...bullConnection(cfg, role, name),
              ...queueTelemetry(),
            }),
          })),
        ),
      ],
      providers: [
        {
          // each queue's connection loss is said once, not printed by BullMQ at every retry
          provide: 'QUEUE_LINKS',
          inject: QUEUES.map((name) => getQueueToken(name)),
          useFactory: (...queues: Queue[]) => {
            for (const q of queues) redisLinks.watchBull(q, `queue ${q.name}`);
            return true;
          },
        },
      ],
      exports: [BullModule],
    };
  }
}
