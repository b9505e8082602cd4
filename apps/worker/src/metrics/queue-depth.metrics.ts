import { getQueueToken } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { Gauge } from 'prom-client';
import { AppConfig } from '#config';
import { QUEUES } from '#jobs';
import { withinScrapeDeadline } from '#telemetry';
import { WorkerMetricsRegistry } from './worker-metrics.registry.js';

/** Jobs ready to run and not yet taken by a worker. */
const READY = ['waiting', 'prioritized'] as const;

interface Depth {
  waiting: number;
  /** Seconds since the oldest waiting job was added; 0 when none waits. */
  oldestSeconds: number;
}

/**
 * Each queue this worker consumes, read from Redis at scrape time: how many jobs wait for a
 * worker, and how long the oldest of them has.
 */
@Injectable()
export class QueueDepthMetrics {
  private readonly log = new Logger(QueueDepthMetrics.name);
  private readonly queues: readonly string[];
  /** The read of the scrape under way: both gauges collect at once and share it. */
  private reading: Promise<Map<string, Depth>> | null = null;

  constructor(
    metrics: WorkerMetricsRegistry,
    cfg: AppConfig,
    private readonly moduleRef: ModuleRef,
  ) {
    this.queues = cfg.WORKER_QUEUES.length ? cfg.WORKER_QUEUES : QUEUES;
    const gauge = (name: string, help: string, value: (d: Depth) => number) => {
      const g: Gauge<'queue'> = new Gauge({
        name,
        help,
        labelNames: ['queue'],
        registers: [metrics.registry],
        collect: async () => {
          g.reset();
          for (const [queue, d] of await this.read()) g.set({ queue }, value(d));
        },
      });
    };
    gauge(
      'hvo_worker_queue_waiting_jobs',
      'Jobs waiting for a worker (waiting and prioritized) in each queue consumed, read at scrape time.',
      (d) => d.waiting,
    );
    gauge(
      'hvo_worker_queue_oldest_waiting_seconds',
      'Age of the oldest job waiting for a worker in each queue consumed (0: none), read at scrape time.',
      (d) => d.oldestSeconds,
    );
  }

  private read(): Promise<Map<string, Depth>> {
    this.reading ??= this.readAll().finally(() => (this.reading = null));
    return this.reading;
  }

  private async readAll(): Promise<Map<string, Depth>> {
    const out = new Map<string, Depth>();
    await Promise.all(
      this.queues.map(async (name) => {
        try {
          out.set(name, await withinScrapeDeadline(this.depthOf(name)));
        } catch (e) {
          // left out rather than failing the whole scrape while Redis is down
          this.log.warn(`queue ${name} not read: ${(e as Error).message}`);
        }
      }),
    );
    return out;
  }

  private async depthOf(name: string): Promise<Depth> {
    // looked up when scraped: the queue providers may not exist yet when this one is built
    const queue = this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
    const [counts, heads] = await Promise.all([
      queue.getJobCounts(...READY),
      // each list's oldest: the head of `waiting`, the first of `prioritized` in its order
      Promise.all(READY.map((state) => queue.getJobs([state], 0, 0, true))),
    ]);
    const firstAdded = Math.min(...heads.flat().map((j) => j.timestamp));
    return {
      waiting: READY.reduce((n, s) => n + (counts[s] ?? 0), 0),
      oldestSeconds: Number.isFinite(firstAdded) ? Math.max(0, Date.now() - firstAdded) / 1000 : 0,
    };
  }
}
