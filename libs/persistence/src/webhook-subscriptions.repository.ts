import { Inject, Injectable } from '@nestjs/common';
import type { WebhookSubscription } from './generated/sqlite/client.js';
import { PrismaService } from './prisma.service.js';
import type { NewSubscription, SubscriptionRecord } from './webhook.types.js';

const list = (json: string): string[] => JSON.parse(json) as string[];

function toRecord(r: WebhookSubscription): SubscriptionRecord {
  return { ...r, events: list(r.events), kinds: list(r.kinds), userids: list(r.userids) };
}

/** Webhook subscriptions (issue #27). */
@Injectable()
export class WebhookSubscriptionsRepository {
  constructor(@Inject(PrismaService) private readonly prisma: PrismaService) {}

  private get db() {
    return this.prisma.client.webhookSubscription;
  }

  async create(s: NewSubscription): Promise<SubscriptionRecord> {
    const row = await this.db.create({
      data: {
        id: s.id,
        url: s.url,
        events: JSON.stringify(s.events),
        kinds: JSON.stringify(s.kinds),
        userids: JSON.stringify(s.userids),
        secret: s.secret,
      },
    });
    return toRecord(row);
  }

  async get(id: string): Promise<SubscriptionRecord | null> {
    const row = await this.db.findUnique({ where: { id } });
    return row && toRecord(row);
  }

  /** Oldest first. */
  async list(): Promise<SubscriptionRecord[]> {
    return (await this.db.findMany({ orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })).map(
      toRecord,
    );
  }

  /** The enabled ones (matched against each ending by the relay). */
  async enabled(): Promise<SubscriptionRecord[]> {
    return (await this.db.findMany({ where: { enabled: true } })).map(toRecord);
  }

  /** False when there was no such subscription. */
  async remove(id: string): Promise<boolean> {
    return (await this.db.deleteMany({ where: { id } })).count > 0;
  }

  /** Replaces the secret; the old one keeps signing until `previousUntil`. */
  async rotate(
    id: string,
    secret: string,
    previousUntil: Date,
  ): Promise<SubscriptionRecord | null> {
    const cur = await this.db.findUnique({ where: { id } });
    if (!cur) return null;
    const row = await this.db.update({
      where: { id },
      data: { secret, previousSecret: cur.secret, previousUntil },
    });
    return toRecord(row);
  }

  /** A success: the failing streak ends. */
  async succeeded(id: string): Promise<void> {
    await this.db.updateMany({
      where: { id, failingSince: { not: null } },
      data: { failingSince: null },
    });
  }

  /** A failed attempt: starts the failing streak unless one runs; the streak's start. */
  async failed(id: string, at: Date): Promise<Date | null> {
    await this.db.updateMany({ where: { id, failingSince: null }, data: { failingSince: at } });
    return (await this.db.findUnique({ where: { id } }))?.failingSince ?? null;
  }

  async disable(id: string, reason: string): Promise<void> {
    await this.db.updateMany({ where: { id }, data: { enabled: false, disabledReason: reason } });
  }
}
