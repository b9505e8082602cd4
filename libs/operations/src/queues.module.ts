import { BullModule } from '@nestjs/bullmq';
import { type DynamicModule, Module } from '@nestjs/common';
import { AppConfig, redisOptions } from '#config';
import { QUEUES } from '#jobs';

/** BullMQ connection (REDIS_URL, QUEUE_PREFIX) and every queue of the catalogue. */
@Module({})
export class QueuesModule {
  static forRoot(role: 'api' | 'worker'): DynamicModule {
    return {
      module: QueuesModule,
      imports: [
        BullModule.forRootAsync({
          inject: [AppConfig],
          useFactory: (cfg: AppConfig) => ({
            connection: redisOptions(cfg.REDIS_URL, role),
            prefix: cfg.QUEUE_PREFIX,
          }),
        }),
        BullModule.registerQueue(...QUEUES.map((name) => ({ name }))),
      ],
      exports: [BullModule],
    };
  }
}
