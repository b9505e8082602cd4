import { type DynamicModule, Module } from '@nestjs/common';
import { JobWaiter } from './job-waiter.service.js';
import { OperationRunner } from './operation-runner.js';
import { OperationsController } from './operations.controller.js';
import { OperationsService } from './operations.service.js';
import { QueuesModule } from './queues.module.js';

/** Api side: submit and wait, the /operations resource. Worker side: the runner. */
@Module({})
export class OperationsModule {
  static forApi(): DynamicModule {
    return {
      module: OperationsModule,
      global: true,
      imports: [QueuesModule.forRoot('api')],
      controllers: [OperationsController],
      providers: [JobWaiter, OperationsService],
      exports: [OperationsService, QueuesModule],
    };
  }

  static forWorker(): DynamicModule {
    return {
      module: OperationsModule,
      global: true,
      imports: [QueuesModule.forRoot('worker')],
      providers: [OperationRunner],
      exports: [OperationRunner, QueuesModule],
    };
  }
}
