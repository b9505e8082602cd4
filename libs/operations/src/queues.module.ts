import { BullModule } from '@nestjs/bullmq';
import { type DynamicModule, Module } from '@nestjs/common';
import { AppConfig } from '#config';
import { QUEUES } from '#jobs';
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
          useFactory: (cfg: AppConfig) => bullConnection(cfg, role),
        }),
        BullModule.registerQueue(...QUEUES.map((name) => ({ name }))),
      ],
      exports: [BullModule],
    };
  }
}
