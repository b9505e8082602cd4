import { Inject, Injectable } from '@nestjs/common';
import { toDate, toText } from './direct/decode.js';
import { PrismaService } from './prisma.service.js';
import type { OutboxEntry, SecretPair } from './webhook.types.js';

const TAKE = `SELECT "operation_id" AS "operationId", "status", "created_at" AS "createdAt"
  FROM "webhook_outbox" ORDER BY "created_at", "operation_id" LIMIT $1`;
const DONE = `DELETE FROM "webhook_outbox" WHERE "operation_id" = $1 AND "status" = $2`;
const OLDEST = `SELECT MIN("created_at") AS "oldest" FROM "webhook_outbox"`;

/**
 * What the relay reads: the outbox (rows written by the operations table's trigger, see the
 * migration), the Callback-URL of an operation, and the service's own secrets.
 */
@Injectable()
export class WebhookOutboxRepository {
  constructor(@Inject(PrismaService) private readonly prisma: PrismaService) {}

  private get db() {
    return this.prisma.client;
  }

  /** The oldest endings not yet relayed. */
  async take(limit: number): Promise<OutboxEntry[]> {
    const rows = await this.prisma.direct.all(TAKE, [limit]);
    return rows.map((r) => ({
      operationId: toText(r.operationId),
      status: toText(r.status),
      createdAt: toDate(r.createdAt),
    }));
  }

  /** The ending is in the queue (as delivery jobs, or nobody wanted it). */
  async done(e: Pick<OutboxEntry, 'operationId' | 'status'>): Promise<void> {
    await this.prisma.direct.run(DONE, [e.operationId, e.status]);
  }

  /** When the oldest ending still waiting to be relayed happened (metrics). */
  async oldest(): Promise<Date | null> {
    const [row] = await this.prisma.direct.all(OLDEST, []);
    return row?.oldest == null ? null : toDate(row.oldest);
  }

  /** Records the Callback-URL of an operation about to be created (so before it can end). */
  async setCallback(operationId: string, url: string): Promise<void> {
    await this.db.operationCallback.upsert({
      where: { operationId },
      create: { operationId, url },
      update: { url },
    });
  }

  async callbackOf(operationId: string): Promise<string | null> {
    const row = await this.db.operationCallback.findUnique({ where: { operationId } });
    return row?.url ?? null;
  }

  /** Callback-URLs of operations created before `before` (pruned with them). */
  async pruneCallbacks(before: Date): Promise<number> {
    const { count } = await this.db.operationCallback.deleteMany({
      where: { createdAt: { lt: before } },
    });
    return count;
  }

  /** A service secret, made with `make` on first use (a race keeps the first one written). */
  async secret(name: string, make: () => string): Promise<SecretPair> {
    const found = await this.db.serviceSecret.findUnique({ where: { name } });
    if (found) return found;
    await this.db.serviceSecret
      .create({ data: { name, secret: make() } })
      .catch(() => null /* another process made it first */);
    return this.db.serviceSecret.findUniqueOrThrow({ where: { name } });
  }

  /** Replaces a service secret; the old one keeps signing until `previousUntil`. */
  async rotateSecret(
    name: string,
    secret: string,
    previousUntil: Date,
    make: () => string,
  ): Promise<SecretPair> {
    const cur = await this.secret(name, make);
    return this.db.serviceSecret.update({
      where: { name },
      data: { secret, previousSecret: cur.secret, previousUntil },
    });
  }
}
