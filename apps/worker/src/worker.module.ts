import { type DynamicModule, Module } from '@nestjs/common';
import { ConfigModule, type Config } from '#config';
import { DriftModule } from '#drift';
import { GuestHandlersModule } from '#guests';
import { HypervisorModule } from '#hypervisor';
import { ImageHandlersModule } from '#images';
import { VolumeHandlersModule } from '#volumes';
import { NicHandlersModule, VswitchHandlersModule } from '#network';
import { OPERATION_QUEUES, QUEUES, type QueueName, WEBHOOK_QUEUE } from '#jobs';
import { HANDLER_REGISTRY, OperationsModule } from '#operations';
import { PersistenceModule } from '#persistence';
import { WebhooksModule } from '#webhooks';
import { bootProblems } from './boot-check.js';
import { HANDLERS } from './handler-registry.js';
import { WorkerMetricsModule } from './metrics/worker-metrics.module.js';
import { processorFor } from './queue-processor.js';

/** The worker process: no HTTP server; consumes the queues of WORKER_QUEUES (default all). */
@Module({})
export class WorkerModule {
  static forRoot(config: Config): DynamicModule {
    const problems = bootProblems(HANDLERS, config.WORKER_QUEUES);
    if (problems.length) throw new Error(`worker cannot start:\n  - ${problems.join('\n  - ')}`);
    const queues = (config.WORKER_QUEUES.length ? config.WORKER_QUEUES : QUEUES) as QueueName[];
    // the webhooks queue holds deliveries, run by their own processor (libs/webhooks)
    const operationQueues = queues.filter((q) => OPERATION_QUEUES.includes(q));
    return {
      module: WorkerModule,
      imports: [
        ConfigModule.forRoot(config),
        WorkerMetricsModule.forRoot(config),
        PersistenceModule,
        HypervisorModule,
        OperationsModule.forWorker(),
        GuestHandlersModule,
        ImageHandlersModule,
        VolumeHandlersModule,
        VswitchHandlersModule,
        NicHandlersModule,
        WebhooksModule.forWorker(config, queues.includes(WEBHOOK_QUEUE)),
        DriftModule.forWorker(),
      ],
      providers: [
        { provide: HANDLER_REGISTRY, useValue: HANDLERS },
        ...operationQueues.map((q) => processorFor(q, config)),
      ],
    };
  }

  static queues(config: Config): readonly string[] {
    return config.WORKER_QUEUES.length ? config.WORKER_QUEUES : QUEUES;
  }
}
