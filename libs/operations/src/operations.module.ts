import { type DynamicModule, Module } from '@nestjs/common';
import { CancelSignals } from './coordination/cancel-signals.service.js';
import { GuestTurns } from './coordination/guest-turns.service.js';
import { RedisService } from './coordination/redis.service.js';
import { GuestOperationsController } from './api/guest-operations.controller.js';
import { Idempotency } from './api/idempotency.service.js';
import { JobWaiter } from './api/job-waiter.service.js';
import { OperationEventsController } from './api/events/operation-events.controller.js';
import { OperationReconciler } from './worker/operation-reconciler.js';
import { LateEffectSweep } from './worker/late-effect-sweep.js';
import { OperationRunner } from './worker/operation-runner.js';
import { OperationSettler } from './worker/operation-settler.js';
import { OperationUnwinder } from './worker/operation-unwinder.js';
import { OperationsController } from './api/operations.controller.js';
import { OperationsService } from './api/operations.service.js';
import { DryRunPlanner } from './api/dry-run.service.js';
import { OperationCancel } from './api/operation-cancel.service.js';
import { OperationVerbs } from './api/operation-verbs.service.js';
import { OPERATIONS_HANDLERS } from './worker/operations-handlers.js';
import { PruneSchedule } from './worker/prune/prune-schedule.service.js';
import { QueueSettings } from './queue-settings.service.js';
import { QueuesModule } from './queues.module.js';
import { HostDrainController } from './api/host-drain.controller.js';
import { QueueDrain } from './queue-drain.service.js';

const COORDINATION = [RedisService, GuestTurns, CancelSignals, QueueSettings, QueueDrain];
const HANDLERS = Object.values(OPERATIONS_HANDLERS);

/** Api side: submit and wait, the /operations resource. Worker side: the runner. */
@Module({})
export class OperationsModule {
  static forApi(): DynamicModule {
    return {
      module: OperationsModule,
      global: true,
      imports: [QueuesModule.forRoot('api')],
      controllers: [
        OperationsController,
        OperationEventsController,
        GuestOperationsController,
        HostDrainController,
      ],
      providers: [
        ...COORDINATION,
        JobWaiter,
        Idempotency,
        OperationsService,
        DryRunPlanner,
        OperationCancel,
        OperationVerbs,
      ],
      exports: [
        OperationsService,
        DryRunPlanner,
        OperationVerbs,
        JobWaiter,
        QueueDrain,
        QueuesModule,
        RedisService,
      ],
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
        LateEffectSweep,
        ...HANDLERS,
        PruneSchedule,
      ],
      exports: [OperationRunner, ...HANDLERS, QueuesModule, RedisService],
    };
  }
}
