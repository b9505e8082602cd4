import { BullModule } from '@nestjs/bullmq';
import { type DynamicModule, Module } from '@nestjs/common';
import { AppConfig } from '#config';
import { QUEUES } from '#jobs';
import { queueTelemetry } from '#telemetry';
import { bullConnection } from './coordination/bull-connection.js';

/** BullMQ connection (REDIS_URL or REDIS_CLUSTER_NODES, QUEUE_PREFIX) and every queue of the catalogue. */
@Module({})
export class QueuesModule {
  static forRoot(role: 'api' | 'worker'): DynamicModule {
    return {
      module: QueuesModule,
      imports: [
        BullModule.forRootAsync({
          inject: [AppConfig],
          // telemetry (when tracing): a job's trace goes on from the submit into the worker
          useFactory: (cfg: AppConfig) => ({ ...bullConnection(cfg, role), ...queueTelemetry() }),
        }),
        BullModule.registerQueue(...QUEUES.map((name) => ({ name }))),
      ],
      exports: [BullModule],
    };
  }
}
