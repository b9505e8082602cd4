import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Gauge, Histogram } from 'prom-client';
import { JOB_NAMES } from '#jobs';
import { JobWaiter, type OperationEvent, isFinal } from '#operations';
import {
  OPERATION_STATUSES,
  OperationStatsRepository,
  OperationsRepository,
  type OperationRecord,
} from '#persistence';
import { MetricsRegistry, withinScrapeDeadline } from './metrics.registry.js';

/** From a few milliseconds (fast simulator) to half an hour (a deploy behind a busy queue). */
const BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800];

const EVERY_PROCESS =
  'Observed by every api process for every operation that ends (each has its own registry): ' +
  'read one api instance, do not sum across instances.';

/** Ids already observed; a job delivered again must not be counted twice. */
const REMEMBERED = 1000;

/**
 * Operations by kind and status (from the database at scrape time), how long ended operations
 * were queued and running (observed on their end event), and the requests waiting for them.
 */
@Injectable()
export class OperationMetrics implements OnModuleInit, OnApplicationShutdown {
  private readonly log = new Logger(OperationMetrics.name);
  private readonly queued: Histogram<'kind'>;
  private readonly running: Histogram<'kind'>;
  private readonly observed = new Set<string>();
  private unsubscribe?: () => void;

  constructor(
    metrics: MetricsRegistry,
    private readonly waiter: JobWaiter,
    private readonly ops: OperationsRepository,
    private readonly stats: OperationStatsRepository,
  ) {
    const registers = [metrics.registry];
    const byKindAndStatus: Gauge<'kind' | 'status'> = new Gauge({
      name: 'hvo_operations',
      help: 'Operations in the database by kind and status, read at scrape time.',
      labelNames: ['kind', 'status'],
      registers,
      collect: () => this.collectCounts(byKindAndStatus),
    });
    new Gauge({
      name: 'hvo_operation_waiters',
      help: 'HTTP requests of this api process waiting for their operation to end.',
      registers,
      collect() {
        this.set(waiter.waiting);
      },
    });
    this.queued = new Histogram({
      name: 'hvo_operation_queued_seconds',
      help: `Time ended operations waited in the queue (start - creation), by kind. ${EVERY_PROCESS}`,
      labelNames: ['kind'],
      buckets: BUCKETS,
      registers,
    });
    this.running = new Histogram({
      name: 'hvo_operation_running_seconds',
      help: `Time ended operations ran (end - first start, retries included), by kind. ${EVERY_PROCESS}`,
      labelNames: ['kind'],
      buckets: BUCKETS,
      registers,
    });
  }

  onModuleInit(): void {
    this.unsubscribe = this.waiter.onAny((e) => this.onEvent(e));
  }

  onApplicationShutdown(): void {
    this.unsubscribe?.();
  }

  private onEvent(e: OperationEvent): void {
    // polled events come from the waiters' safety-net poll, not from the queue
    if (e.polled || (e.type !== 'completed' && e.type !== 'failed')) return;
    // the read the operation's waiters share (JobWaiter's events carry it): no statement more
    const read = e.record ?? (() => this.ops.get(e.id));
    read().then(
      (op) => op && this.observe(op),
      (err: Error) => this.log.warn(`operation ${e.id} not observed: ${err.message}`),
    );
  }

  /** Observes an ended operation once; one that never started (refused payload) has no times. */
  private observe(op: OperationRecord): void {
    if (!isFinal(op.status) || !op.startedAt || !op.finishedAt || this.observed.has(op.id)) return;
    this.observed.add(op.id);
    if (this.observed.size > REMEMBERED) this.observed.delete(this.observed.values().next().value!);
    const seconds = (from: Date, to: Date) => Math.max(0, to.getTime() - from.getTime()) / 1000;
    this.queued.observe({ kind: op.kind }, seconds(op.createdAt, op.startedAt));
    this.running.observe({ kind: op.kind }, seconds(op.startedAt, op.finishedAt));
  }

  /** Every known kind and status, zero included, so a series does not vanish when it empties. */
  private async collectCounts(gauge: Gauge<'kind' | 'status'>): Promise<void> {
    gauge.reset();
    try {
      const counts = await withinScrapeDeadline(this.stats.countByKindAndStatus());
      for (const kind of JOB_NAMES)
        for (const status of OPERATION_STATUSES) gauge.set({ kind, status }, 0);
      for (const { kind, status, count } of counts) gauge.set({ kind, status }, count);
    } catch (e) {
      // a scrape still answers (with the other metrics) while the database is down
      this.log.warn(`operation counts not read: ${(e as Error).message}`);
    }
  }
}
