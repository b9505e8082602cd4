import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { AppConfig } from '#config';
import { QUEUES, queueConcurrency } from '#jobs';
import { queueOf } from './queue-of.js';

/**
 * Applies each queue's global concurrency (all workers together) at boot: excess work waits in
 * the queue instead of being refused, unlike the reference's immediate 503.
 */
@Injectable()
export class QueueSettings implements OnApplicationBootstrap {
  private readonly log = new Logger(QueueSettings.name);

  constructor(
    private readonly cfg: AppConfig,
    private readonly moduleRef: ModuleRef,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const limits = queueConcurrency(this.cfg.QUEUE_CONCURRENCY);
    for (const name of QUEUES) {
      const queue = queueOf(this.moduleRef, name);
      await queue.setGlobalConcurrency(limits[name]);
    }
    this.log.log(`global concurrency: ${QUEUES.map((q) => `${q}=${limits[q]}`).join(', ')}`);
  }
}
