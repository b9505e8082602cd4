import { getQueueToken } from '@nestjs/bullmq';
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { AppConfig } from '#config';
import { JOB_CATALOGUE } from '#jobs';
import type { OperationJobData } from '#operations';

const SCHEDULER = 'drift.check';

/**
 * Schedules drift.check every DRIFT_CHECK_INTERVAL_S (an upsert: every worker may do it, one
 * schedule exists, and the maintenance queue runs one job at a time across all workers), or
 * removes the schedule when it is 0.
 */
@Injectable()
export class DriftSchedule implements OnApplicationBootstrap {
  constructor(
    private readonly cfg: AppConfig,
    private readonly moduleRef: ModuleRef,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const queue = this.moduleRef.get<Queue>(getQueueToken(JOB_CATALOGUE[SCHEDULER].queue), {
      strict: false,
    });
    const every = this.cfg.DRIFT_CHECK_INTERVAL_S * 1000;
    if (!every) {
      await queue.removeJobScheduler(SCHEDULER);
      return;
    }
    const data: OperationJobData<'drift.check'> = {
      payload: {},
      statusRule: 'default',
      operation: '',
    };
    await queue.upsertJobScheduler(SCHEDULER, { every }, { name: SCHEDULER, data });
  }
}
