import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { QueueEvents } from 'bullmq';
import { AppConfig, redisOptions } from '#config';
import { QUEUES } from '#jobs';
import { OperationsRepository, type OperationRecord } from '#persistence';
import { isSettled } from './operation-view.js';

/** A queue event about one operation (`polled`: found by the safety-net poll, not an event). */
export interface OperationEvent {
  type: 'active' | 'progress' | 'completed' | 'failed';
  id: string;
  data?: unknown;
  polled?: boolean;
}

/**
 * Waits for operations to end. One QueueEvents per queue for the whole api process (a map of
 * operation id → waiters), never a listener or connection per request; a slow poll of the
 * database is the safety net for a missed event.
 */
@Injectable()
export class JobWaiter implements OnModuleInit, OnApplicationShutdown {
  private readonly log = new Logger(JobWaiter.name);
  private readonly events: QueueEvents[] = [];
  private readonly waiters = new Map<string, Set<(e: OperationEvent) => void>>();
  private readonly everyone = new Set<(e: OperationEvent) => void>();
  private poller?: NodeJS.Timeout;

  constructor(
    private readonly cfg: AppConfig,
    private readonly ops: OperationsRepository,
  ) {}

  async onModuleInit(): Promise<void> {
    for (const queue of QUEUES) {
      const qe = new QueueEvents(queue, {
        // a blocking reader: BullMQ requires it to retry for ever
        connection: { ...redisOptions(this.cfg.REDIS_URL, 'api'), maxRetriesPerRequest: null },
        prefix: this.cfg.QUEUE_PREFIX,
      });
      qe.on('active', ({ jobId }) => this.emit({ type: 'active', id: jobId }));
      qe.on('progress', ({ jobId, data }) => this.emit({ type: 'progress', id: jobId, data }));
      qe.on('completed', ({ jobId }) => this.emit({ type: 'completed', id: jobId }));
      qe.on('failed', ({ jobId }) => this.emit({ type: 'failed', id: jobId }));
      qe.on('error', (e) => this.log.warn(`queue events ${queue}: ${e.message}`));
      this.events.push(qe);
    }
    await Promise.all(this.events.map((qe) => qe.waitUntilReady()));
    this.poller = setInterval(() => this.pollAll(), this.cfg.WAIT_POLL_MS);
    this.poller.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.poller);
    await Promise.all(this.events.map((qe) => qe.close()));
  }

  /** Number of requests currently waiting (for metrics and tests). */
  get waiting(): number {
    let n = 0;
    for (const set of this.waiters.values()) n += set.size;
    return n;
  }

  private emit(e: OperationEvent): void {
    for (const listener of this.waiters.get(e.id) ?? []) listener(e);
    for (const listener of this.everyone) listener(e);
  }

  /** Listens to the queue events of one operation; returns the unsubscribe function. */
  subscribe(id: string, listener: (e: OperationEvent) => void): () => void {
    const set = this.waiters.get(id) ?? new Set();
    set.add(listener);
    this.waiters.set(id, set);
    return () => {
      set.delete(listener);
      if (!set.size) this.waiters.delete(id);
    };
  }

  /** Listens to the queue events of every operation (metrics). */
  onAny(listener: (e: OperationEvent) => void): () => void {
    this.everyone.add(listener);
    return () => this.everyone.delete(listener);
  }

  /** Safety net for a missed event: one query for all waited operations. */
  private pollAll(): void {
    if (!this.waiters.size) return;
    this.ops.endedAmong([...this.waiters.keys()]).then(
      (ended) => {
        for (const id of ended) {
          for (const listener of this.waiters.get(id) ?? [])
            listener({ type: 'completed', id, polled: true });
        }
      },
      (e: Error) => this.log.warn(`poll of waited operations failed: ${e.message}`),
    );
  }

  /**
   * Resolves with the operation once it has ended, or as it stands after `ms`.
   * Registers before reading the state, so an end between the two is never missed.
   */
  async wait(id: string, ms: number): Promise<OperationRecord | null> {
    let wake!: () => void;
    let woken = new Promise<void>((r) => (wake = r));
    const unsubscribe = this.subscribe(id, (e) => {
      if (e.type === 'completed' || e.type === 'failed') wake();
    });
    const deadline = Date.now() + ms;
    try {
      for (;;) {
        const op = await this.ops.get(id);
        if (!op || isSettled(op.status)) return op;
        const left = deadline - Date.now();
        if (left <= 0) return op;
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([woken, new Promise<void>((r) => (timer = setTimeout(r, left)))]);
        clearTimeout(timer);
        woken = new Promise<void>((r) => (wake = r));
      }
    } finally {
      unsubscribe();
    }
  }
}
