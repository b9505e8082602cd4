import { Inject, Injectable } from '@nestjs/common';
import { decodeCursor, encodeCursor } from './operation-cursor.js';
import type { WebhookDelivery } from './generated/sqlite/client.js';
import { PrismaService } from './prisma.service.js';
import type {
  DeliveryAttempt,
  DeliveryRecord,
  DeliveryStatus,
  NewDelivery,
} from './webhook.types.js';

const toRecord = (r: WebhookDelivery): DeliveryRecord => ({
  ...r,
  status: r.status as DeliveryStatus,
});

/** Ignores a delivery id that exists: the relay may turn the same ending into rows twice. */
const INSERT = `INSERT INTO "webhook_deliveries" ("id", "subscription_id", "operation_id", "event",
    "url", "payload", "status", "created_at", "updated_at")
  VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8) ON CONFLICT DO NOTHING`;

const MAX_PAGE = 1000;

/** The delivery log of webhooks and Callback-URLs (issue #27). */
@Injectable()
export class WebhookDeliveriesRepository {
  constructor(@Inject(PrismaService) private readonly prisma: PrismaService) {}

  private get db() {
    return this.prisma.client.webhookDelivery;
  }

  /** Inserts the deliveries not yet there (idempotent). */
  async insertMissing(rows: readonly NewDelivery[]): Promise<void> {
    const now = new Date();
    for (const d of rows) {
      await this.prisma.direct.run(INSERT, [
        d.id,
        d.subscriptionId,
        d.operationId,
        d.event,
        d.url,
        d.payload,
        now,
        now,
      ]);
    }
  }

  async get(id: string): Promise<DeliveryRecord | null> {
    const row = await this.db.findUnique({ where: { id } });
    return row && toRecord(row);
  }

  /** Still to be sent, among `ids`. */
  async pendingAmong(ids: readonly string[]): Promise<DeliveryRecord[]> {
    const rows = await this.db.findMany({ where: { id: { in: [...ids] }, status: 'pending' } });
    return rows.map(toRecord);
  }

  /** Records an attempt; a pending delivery only (a repeat of an ended one changes nothing). */
  async recordAttempt(id: string, a: DeliveryAttempt): Promise<void> {
    const now = new Date();
    await this.db.updateMany({
      where: { id, status: 'pending' },
      data: {
        attempts: a.attempts,
        status: a.status,
        lastStatusCode: a.statusCode,
        lastError: a.error,
        lastLatencyMs: a.latencyMs,
        ...(a.status !== 'pending' ? { finishedAt: now } : {}),
      },
    });
  }

  /** Ends a pending delivery that will not be attempted (its subscription is gone or off). */
  async cancel(id: string, why: string): Promise<void> {
    await this.db.updateMany({
      where: { id, status: 'pending' },
      data: { status: 'cancelled', lastError: why, finishedAt: new Date() },
    });
  }

  /** A subscription's log, newest first, paged like /operations. */
  async listForSubscription(
    subscriptionId: string,
    limit: number,
    cursor?: string,
  ): Promise<{ items: DeliveryRecord[]; nextCursor: string | null }> {
    const take = Math.min(MAX_PAGE, Math.max(1, Math.trunc(limit)));
    const c = cursor !== undefined ? decodeCursor(cursor) : null;
    const rows = await this.db.findMany({
      where: {
        subscriptionId,
        ...(c && {
          OR: [{ createdAt: { lt: c.createdAt } }, { createdAt: c.createdAt, id: { lt: c.id } }],
        }),
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: take + 1,
    });
    const items = rows.slice(0, take).map(toRecord);
    const last = items.at(-1);
    return { items, nextCursor: rows.length > take && last ? encodeCursor(last) : null };
  }

  async removeForSubscription(subscriptionId: string): Promise<void> {
    await this.db.deleteMany({ where: { subscriptionId } });
  }

  /** Deliveries by status (metrics). */
  async countByStatus(): Promise<{ status: string; count: number }[]> {
    const rows = await this.db.groupBy({
      by: ['status'],
      _count: { _all: true },
      orderBy: { status: 'asc' },
    });
    return rows.map((r) => ({ status: r.status, count: r._count._all }));
  }

  /** When the oldest delivery still pending was made, if any (metrics). */
  async oldestPending(): Promise<Date | null> {
    const row = await this.db.findFirst({
      where: { status: 'pending' },
      orderBy: { createdAt: 'asc' },
      select: { createdAt: true },
    });
    return row?.createdAt ?? null;
  }

  /** Deletes ended deliveries as ended operations are pruned; how many went. */
  async pruneEnded(endedBefore: Date, failedBefore: Date): Promise<number> {
    const { count } = await this.db.deleteMany({
      where: {
        OR: [
          { status: { in: ['succeeded', 'cancelled'] }, finishedAt: { lt: endedBefore } },
          { status: 'failed', finishedAt: { lt: failedBefore } },
        ],
      },
    });
    return count;
  }
}
