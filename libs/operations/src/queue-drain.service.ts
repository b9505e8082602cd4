import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { OPERATION_QUEUES, type QueueName } from '#jobs';
import { type QueueDrainRecord, QueueDrainRepository } from '#persistence';
import { queueOf } from './queue-of.js';

/** Why a queued operation does not start: its queue is drained (issue #59 item 6). */
export type Held = 'draining';

/** GET /host/drain: each operation queue, drained or not, with its jobs. */
export interface DrainState {
  /** Whether any operation queue is drained. */
  draining: boolean;
  queues: {
    name: QueueName;
    draining: boolean;
    since: string | null;
    by: string | null;
    /** Jobs not yet running: waiting, prioritized and delayed (retries waiting out an outage). */
    waiting: number;
    active: number;
  }[];
}

/**
 * Drain and resume of the operation queues. BullMQ's pause holds what waits and lets active
 * jobs finish; it lives in Redis, which may keep nothing across a restart, so the database
 * (QueueDrainRepository) is what counts: api and worker pause the drained queues at start,
 * and the worker's reconcile pass pauses them again before it enqueues lost jobs anew. Only a
 * resume unpauses: a pass that read the rows just before a drain must not undo it.
 */
@Injectable()
export class QueueDrain implements OnApplicationBootstrap {
  private readonly log = new Logger(QueueDrain.name);
  /** The drained queues as this process last read them (their submits read this, not the db). */
  private drained = new Map<string, QueueDrainRecord>();

  constructor(
    private readonly repo: QueueDrainRepository,
    private readonly moduleRef: ModuleRef,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.apply().catch((e: Error) =>
      this.log.warn(`drained queues not paused at start: ${e.message}`),
    );
  }

  private queue(name: QueueName): Queue {
    return queueOf(this.moduleRef, name);
  }

  /** Whether an operation in this state on this queue is held by a drain. */
  heldOf(op: { status: string; queue: string }): Held | undefined {
    return op.status === 'queued' && this.drained.has(op.queue) ? 'draining' : undefined;
  }

  isDrained(queue: string): boolean {
    return this.drained.has(queue);
  }

  /** Reads the drained queues again (another process drained or resumed one). */
  async refresh(): Promise<void> {
    this.drained = new Map((await this.repo.list()).map((r) => [r.queue, r]));
  }

  /** `refresh` as an event's listener: a failure is said, and the next event reads again. */
  refreshSoon(): void {
    this.refresh().catch((e: Error) =>
      this.log.warn(`drained queues not read again: ${e.message}`),
    );
  }

  /** Reads the drained queues and pauses each in Redis where it is not (Redis restarted). */
  async apply(): Promise<void> {
    await this.refresh();
    for (const name of this.drained.keys()) await this.ensurePaused(name as QueueName);
  }

  /** Pauses the queue in Redis unless it is already (one read while it stays paused). */
  async ensurePaused(name: QueueName): Promise<void> {
    const q = this.queue(name);
    if (!(await q.isPaused())) {
      await q.pause();
      this.log.log(`queue ${name} paused: it is drained`);
    }
  }

  /** Drains the queues: recorded first, then paused, so a restart in between still holds them. */
  async drain(queues: readonly QueueName[], by: string, requestId: string | null): Promise<void> {
    const fresh = await this.repo.drain(queues, by, requestId);
    await this.refresh();
    for (const name of queues) await this.ensurePaused(name);
    this.log.log(
      `drain of ${queues.join(', ')} by ${by} (request ${requestId ?? '-'}): ` +
        `${fresh.length ? `newly drained ${fresh.join(', ')}` : 'all were drained already'}`,
    );
  }

  /** Resumes the queues: the record goes first, then Redis starts what waits. */
  async resume(queues: readonly QueueName[], by: string, requestId: string | null): Promise<void> {
    const were = await this.repo.resume(queues);
    await this.refresh();
    for (const name of queues) await this.queue(name).resume();
    this.log.log(
      `resume of ${queues.join(', ')} by ${by} (request ${requestId ?? '-'}): ` +
        `${were.length ? `were drained ${were.join(', ')}` : 'none was drained'}`,
    );
  }

  async state(): Promise<DrainState> {
    await this.refresh();
    const queues = await Promise.all(
      OPERATION_QUEUES.map(async (name) => {
        const counts = await this.queue(name).getJobCounts(
          'waiting',
          'prioritized',
          'delayed',
          'active',
        );
        const row = this.drained.get(name);
        return {
          name,
          draining: !!row,
          since: row?.since.toISOString() ?? null,
          by: row?.by ?? null,
          waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0) + (counts.delayed ?? 0),
          active: counts.active ?? 0,
        };
      }),
    );
    return { draining: queues.some((q) => q.draining), queues };
  }
}
