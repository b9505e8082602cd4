import { Inject, Injectable } from '@nestjs/common';
import { PrismaService } from './prisma.service.js';

/** An operation queue an operator drained: held until resumed (issue #59 item 6). */
export interface QueueDrainRecord {
  queue: string;
  since: Date;
  /** Who drained it (a token's subject, `admin`, or `none`). */
  by: string;
  requestId: string | null;
}

/**
 * The drained queues. Kept here because Redis (where BullMQ's pause lives) may keep nothing
 * across a restart: the api and the worker apply these rows to the queues at start.
 */
@Injectable()
export class QueueDrainRepository {
  constructor(@Inject(PrismaService) private readonly prisma: PrismaService) {}

  private get db() {
    return this.prisma.client;
  }

  list(): Promise<QueueDrainRecord[]> {
    return this.db.queueDrain.findMany({ orderBy: { queue: 'asc' } });
  }

  /**
   * Records the queues as drained; one already drained keeps its first `since` and `by` (a
   * second drain changes nothing). Returns the queues drained by this call.
   */
  async drain(queues: readonly string[], by: string, requestId: string | null): Promise<string[]> {
    const already = new Set(
      (await this.db.queueDrain.findMany({ where: { queue: { in: [...queues] } } })).map(
        (r) => r.queue,
      ),
    );
    const fresh = queues.filter((q) => !already.has(q));
    const since = new Date();
    for (const queue of fresh) {
      // upsert: a concurrent drain of the same queue is no error
      await this.db.queueDrain.upsert({
        where: { queue },
        create: { queue, since, by, requestId },
        update: {},
      });
    }
    return fresh;
  }

  /** Removes the queues' drain; returns the queues that were drained. */
  async resume(queues: readonly string[]): Promise<string[]> {
    const drained = (
      await this.db.queueDrain.findMany({ where: { queue: { in: [...queues] } } })
    ).map((r) => r.queue);
    await this.db.queueDrain.deleteMany({ where: { queue: { in: drained } } });
    return drained;
  }
}
