import {
  type BeforeApplicationShutdown,
  Injectable,
  Logger,
  type OnApplicationShutdown,
  type OnModuleInit,
  Optional,
} from '@nestjs/common';
import { QueueEvents } from 'bullmq';
import { AppConfig, redisLinks } from '#config';
import { OPERATION_QUEUES } from '#jobs';
import { OperationsRepository, type OperationRecord } from '#persistence';
import { bullConnection } from '../coordination/bull-connection.js';
import { QueueDrain } from '../queue-drain.service.js';
import { isSettled } from '../operation-view.js';
import { BatchedRowReads } from './batched-row-reads.js';
import { DeadlineBuckets } from './deadline-buckets.js';
import { TurnSlicer } from './turn-slicer.js';

/** A queue event about one operation (`polled`: found by the safety-net poll, not an event). */
export interface OperationEvent {
  type: 'active' | 'progress' | 'completed' | 'failed';
  id: string;
  data?: unknown;
  polled?: boolean;
  /**
   * On `completed` and `failed`: the operation's row, read once for every listener of the
   * event however many there are (waiters, metrics), on the first call.
   */
  record?: () => Promise<OperationRecord | null>;
}

/**
 * Waits for operations to end. One QueueEvents per queue for the whole api process (a map of
 * operation id → waiters), never a listener or connection per request; a slow poll of the
 * database is the safety net for a missed event.
 */
@Injectable()
export class JobWaiter implements OnModuleInit, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly log = new Logger(JobWaiter.name);
  private readonly events: QueueEvents[] = [];
  private readonly waiters = new Map<string, Set<(e: OperationEvent) => void>>();
  private readonly everyone = new Set<(e: OperationEvent) => void>();
  /** Listeners in `waiters`, counted as they come and go (read often: burst-end-collection.ts). */
  private listening = 0;
  private poller?: NodeJS.Timeout;
  /** Hands events and rows to the waiters, a slice per turn when thousands come at once. */
  private readonly slicer = new TurnSlicer((e) =>
    this.log.error(`a waiter failed on an event: ${(e as Error).message}`),
  );
  /** Rows read at an event or a timeout, many per statement when they come together. */
  private readonly rows: BatchedRowReads;
  /** When waits give up: one timer for those due at about the same moment. */
  private readonly deadlines = new DeadlineBuckets((calls) => this.slicer.run(calls));
  /** What a stop ends at once: each held wait, each event stream. */
  private readonly onStop = new Set<() => void>();
  private stopping = false;

  constructor(
    private readonly cfg: AppConfig,
    private readonly ops: OperationsRepository,
    @Optional() private readonly drains?: QueueDrain,
  ) {
    this.rows = new BatchedRowReads(ops, this.slicer);
  }

  async onModuleInit(): Promise<void> {
    for (const queue of OPERATION_QUEUES) {
      // a blocking reader: BullMQ requires it to retry for ever
      const qe = new QueueEvents(
        queue,
        bullConnection(this.cfg, 'api', queue, { maxRetriesPerRequest: null }),
      );
      qe.on('active', ({ jobId }) => this.emit({ type: 'active', id: jobId }));
      qe.on('progress', ({ jobId, data }) => this.emit({ type: 'progress', id: jobId, data }));
      qe.on('completed', ({ jobId }) => this.emit({ type: 'completed', id: jobId }));
      qe.on('failed', ({ jobId }) => this.emit({ type: 'failed', id: jobId }));
      // a queue drained or resumed, perhaps by another api process (libs/operations/src/drain)
      qe.on('paused', () => this.drains?.refreshSoon());
      qe.on('resumed', () => this.drains?.refreshSoon());
      redisLinks.watchBull(qe, `queue events ${queue}`);
      this.events.push(qe);
    }
    await Promise.all(this.events.map((qe) => qe.waitUntilReady()));
    this.poller = setInterval(() => this.pollAll(), this.cfg.WAIT_POLL_MS);
    this.poller.unref();
  }

  /**
   * Before the HTTP server closes — it waits for every request under way — the requests held
   * here are answered (a wait with the row as it stands, as at its time-out; an event stream
   * ends, its client reconnects elsewhere): else a stop would wait for the longest of them.
   */
  beforeApplicationShutdown(): void {
    this.stopping = true;
    for (const stop of [...this.onStop]) stop();
  }

  /** Calls `fn` at the stop (at once when stopping); returns the unregister function. */
  whenStopping(fn: () => void): () => void {
    if (this.stopping) {
      fn();
      return () => undefined;
    }
    this.onStop.add(fn);
    return () => this.onStop.delete(fn);
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.poller);
    await Promise.all(this.events.map((qe) => qe.close()));
  }

  /** Number of requests currently waiting (for metrics and tests). */
  get waiting(): number {
    return this.listening;
  }

  private emit(e: OperationEvent): void {
    if (e.type === 'completed' || e.type === 'failed') e.record = this.readOnce(e.id);
    const calls: (() => void)[] = [];
    for (const listener of this.waiters.get(e.id) ?? []) calls.push(() => listener(e));
    for (const listener of this.everyone) calls.push(() => listener(e));
    this.slicer.run(calls);
  }

  private readOnce(id: string): () => Promise<OperationRecord | null> {
    let read: Promise<OperationRecord | null> | undefined;
    return () => (read ??= this.rows.read(id));
  }

  /** Listens to the queue events of one operation; returns the unsubscribe function. */
  subscribe(id: string, listener: (e: OperationEvent) => void): () => void {
    const set = this.waiters.get(id) ?? new Set();
    if (!set.has(listener)) this.listening++;
    set.add(listener);
    this.waiters.set(id, set);
    return () => {
      if (set.delete(listener)) this.listening--;
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
        const calls: (() => void)[] = [];
        for (const id of ended) {
          const e: OperationEvent = {
            type: 'completed',
            id,
            polled: true,
            record: this.readOnce(id),
          };
          for (const listener of this.waiters.get(id) ?? []) calls.push(() => listener(e));
        }
        this.slicer.run(calls);
      },
      (e: Error) => this.log.warn(`poll of waited operations failed: ${e.message}`),
    );
  }

  /**
   * Resolves with the operation once it has ended, or as it stands after `ms` (up to
   * DEADLINE_GRAIN_MS later). Registers before reading the state, so an end between the two is
   * never missed: an event that comes while no read is awaited is kept for the next. `current`
   * is the row as the caller has just written it (a submission: queued), which saves reading it:
   * the job was added in the same run of the event loop, so its end cannot have been heard yet.
   */
  async wait(id: string, ms: number, current?: OperationRecord): Promise<OperationRecord | null> {
    if (ms <= 0) return current ?? this.rows.read(id);
    type Read = () => Promise<OperationRecord | null>;
    let kept: Read | undefined;
    let wake: ((read: Read) => void) | undefined;
    let timedOut = false;
    const deliver = (read: Read): void => {
      const w = wake;
      wake = undefined;
      if (w) w(read);
      else kept = read;
    };
    const unsubscribe = this.subscribe(id, (e) => {
      if (e.record) deliver(e.record);
    });
    const giveUp = () => {
      if (timedOut) return;
      timedOut = true;
      deliver(() => this.rows.read(id)); // the row as it stands now
    };
    const forget = this.deadlines.at(Date.now() + ms, giveUp);
    const unstop = this.whenStopping(giveUp);
    try {
      let op = current ?? (await this.rows.read(id));
      while (op && !isSettled(op.status) && !timedOut) {
        const read = kept ?? (await new Promise<Read>((r) => (wake = r)));
        kept = undefined;
        // the event's shared read, or (timed out) the row as it stands now
        op = await read();
      }
      return op;
    } finally {
      unsubscribe();
      forget();
      unstop();
    }
  }
}
