import { getQueueToken } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { JobType, Queue } from 'bullmq';
import { Gauge } from 'prom-client';
import { OPERATION_QUEUES, QUEUES, type QueueName } from '#jobs';
import { QueueDrain } from '#operations';
import { MetricsRegistry, withinScrapeDeadline } from './metrics.registry.js';

const STATES: JobType[] = [
  'waiting',
  'active',
  'delayed',
  'failed',
  'prioritized',
  'waiting-children',
];

/** Jobs in each queue by state, read from Redis at scrape time. */
@Injectable()
export class QueueMetrics {
  private readonly log = new Logger(QueueMetrics.name);

  constructor(
    metrics: MetricsRegistry,
    private readonly moduleRef: ModuleRef,
    drains: QueueDrain,
  ) {
    // as this process last read it: a scrape costs no database read
    const draining: Gauge<'queue'> = new Gauge({
      name: 'hvo_queue_draining',
      help: 'Whether each operation queue is drained (1: new operations are held until resumed).',
      labelNames: ['queue'],
      registers: [metrics.registry],
      collect: () => {
        for (const name of OPERATION_QUEUES) draining.set({ queue: name }, +drains.isDrained(name));
      },
    });
    const gauge: Gauge<'queue' | 'state'> = new Gauge({
      name: 'hvo_queue_jobs',
      help: 'Jobs in each BullMQ queue by state, read from Redis at scrape time.',
      labelNames: ['queue', 'state'],
      registers: [metrics.registry],
      collect: async () => {
        gauge.reset();
        await Promise.all(QUEUES.map((name) => this.collect(gauge, name)));
      },
    });
  }

  private async collect(gauge: Gauge<'queue' | 'state'>, name: QueueName): Promise<void> {
    try {
      // looked up when scraped: the queue providers may not exist yet when this one is built
      const queue = this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
      const counts = await withinScrapeDeadline(queue.getJobCounts(...STATES));
      for (const state of STATES) gauge.set({ queue: name, state }, counts[state] ?? 0);
    } catch (e) {
      // left out rather than failing the whole scrape while Redis is down
      this.log.warn(`queue ${name} not read: ${(e as Error).message}`);
    }
  }
}
