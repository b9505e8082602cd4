import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { JOB_CATALOGUE } from '#jobs';
import type { OperationJobData } from '../../job-data.js';
import { queueOf } from '../../queue-of.js';

export const PRUNE_EVERY_MS = 3600_000;

/** Schedules operations.prune hourly (an upsert: every worker may do it, one schedule exists). */
@Injectable()
export class PruneSchedule implements OnApplicationBootstrap {
  constructor(private readonly moduleRef: ModuleRef) {}

  async onApplicationBootstrap(): Promise<void> {
    const def = JOB_CATALOGUE['operations.prune'];
    const queue = queueOf(this.moduleRef, def.queue);
    const data: OperationJobData<'operations.prune'> = {
      payload: {},
      statusRule: 'default',
      operation: '',
    };
    await queue.upsertJobScheduler(
      'operations.prune',
      { every: PRUNE_EVERY_MS },
      { name: 'operations.prune', data },
    );
  }
}
