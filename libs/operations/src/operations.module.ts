import { type DynamicModule, Module } from '@nestjs/common';
import { CancelSignals } from './coordination/cancel-signals.service.js';
import { GuestTurns } from './coordination/guest-turns.service.js';
import { RedisService } from './coordination/redis.service.js';
import { GuestOperationsController } from './guest-operations.controller.js';
import { Idempotency } from './idempotency.service.js';
import { JobWaiter } from './job-waiter.service.js';
import { OperationEventsController } from './events/operation-events.controller.js';
import { OperationReconciler } from './operation-reconciler.js';
import { OperationRunner } from './operation-runner.js';
import { OperationSettler } from './operation-settler.js';
import { OperationUnwinder } from './operation-unwinder.js';
import { OperationsController } from './operations.controller.js';
import { OperationsService } from './operations.service.js';
import { OPERATIONS_HANDLERS } from './operations-handlers.js';
import { PruneSchedule } from './prune/prune-schedule.service.js';
import { QueueSettings } from './queue-settings.service.js';
import { QueuesModule } from './queues.module.js';

const COORDINATION = [RedisService, GuestTurns, CancelSignals, QueueSettings];
const HANDLERS = Object.values(OPERATIONS_HANDLERS);

/** Api side: submit and wait, the /operations resource. Worker side: the runner. */
@Module({})
export class OperationsModule {
  static forApi(): DynamicModule {
    return {
      module: OperationsModule,
      global: true,
      imports: [QueuesModule.forRoot('api')],
      controllers: [OperationsController, OperationEventsController, GuestOperationsController],
      providers: [...COORDINATION, JobWaiter, Idempotency, OperationsService],
      exports: [OperationsService, JobWaiter, QueuesModule],
    };
  }

  static forWorker(): DynamicModule {
    return {
      module: OperationsModule,
      global: true,
      imports: [QueuesModule.forRoot('worker')],
      providers: [
        ...COORDINATION,
        OperationRunner,
        OperationSettler,
        OperationUnwinder,
        OperationReconciler,
        ...HANDLERS,
        PruneSchedule,
      ],
      exports: [OperationRunner, ...HANDLERS, QueuesModule],
    };
  }
}
