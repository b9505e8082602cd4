import { type DynamicModule, Module } from '@nestjs/common';
import { GuestHandlersModule } from '#guests';
import { DriftController } from './api/drift.controller.js';
import { DriftService } from './api/drift.service.js';
import { DRIFT_HANDLERS } from './drift-handlers.js';
import { DriftScanner } from './scan/drift-scanner.js';
import { HypervisorReader } from './scan/hypervisor-reader.js';
import { DriftStatus } from './status/drift-status.js';
import { DriftSchedule } from './worker/drift-schedule.service.js';

const SCAN = [HypervisorReader, DriftScanner, DriftStatus];
const HANDLERS = Object.values(DRIFT_HANDLERS);

/**
 * The drift report (issue #58). Api: GET /drift and the decisions (which submit operations),
 * and the last check's counts for the metrics (global, so the api's metrics module sees
 * them). Worker: the jobs' handlers and the periodic check's schedule.
 */
@Module({})
export class DriftModule {
  static forApi(): DynamicModule {
    return {
      module: DriftModule,
      global: true,
      controllers: [DriftController],
      providers: [...SCAN, DriftService],
      exports: [DriftStatus],
    };
  }

  static forWorker(): DynamicModule {
    return {
      module: DriftModule,
      // register_vm's records, for adopting an unknown guest
      imports: [GuestHandlersModule],
      providers: [...SCAN, ...HANDLERS, DriftSchedule],
      exports: HANDLERS,
    };
  }
}
