import { getQueueToken } from '@nestjs/bullmq';
import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { AppConfig } from '#config';
import { WEBHOOK_QUEUE } from '#jobs';
import { operationView } from '#operations';
import {
  type NewDelivery,
  type OutboxEntry,
  OperationsRepository,
  type SubscriptionRecord,
  WebhookDeliveriesRepository,
  WebhookOutboxRepository,
  WebhookSubscriptionsRepository,
} from '#persistence';
import { eventOf, wants } from '../domain/events.js';
import { deliveryJob } from '../domain/job-options.js';
import { deliveryId } from '../domain/signing.js';

const BATCH = 100;
const DAY_MS = 86_400_000;
const PRUNE_EVERY_MS = 3_600_000;

/**
 * Worker side, like the reconciler: moves the outbox (endings written by the operations'
 * own statements) into delivery rows and jobs. Every step is idempotent (row ids and job ids
 * come from the ending and the receiver), so a worker that dies anywhere in a pass loses
 * nothing and the next pass, on any worker, repeats it without a second message.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger(OutboxRelay.name);
  private timers: NodeJS.Timeout[] = [];
  private running = false;

  constructor(
    private readonly cfg: AppConfig,
    private readonly outbox: WebhookOutboxRepository,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly subscriptions: WebhookSubscriptionsRepository,
    private readonly ops: OperationsRepository,
    private readonly moduleRef: ModuleRef,
  ) {}

  onApplicationBootstrap(): void {
    void this.pass(); // at start too: what a crashed worker left is sent at once
    this.timers = [
      setInterval(() => void this.pass(), this.cfg.WEBHOOK_RELAY_INTERVAL_MS),
      setInterval(() => void this.prune(), PRUNE_EVERY_MS),
    ];
    for (const t of this.timers) t.unref();
  }

  onApplicationShutdown(): void {
    for (const t of this.timers) clearInterval(t);
  }

  /** Relays everything in the outbox; errors wait for the next pass. */
  async pass(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (;;) {
        const batch = await this.outbox.take(BATCH);
        if (!batch.length) break;
        const subs = await this.subscriptions.enabled();
        for (const e of batch) await this.relay(e, subs);
        if (batch.length < BATCH) break;
      }
    } catch (e) {
      this.log.warn(`relay pass failed: ${(e as Error).message}`);
    } finally {
      this.running = false;
    }
  }

  private async relay(e: OutboxEntry, subs: readonly SubscriptionRecord[]): Promise<void> {
    const op = await this.ops.get(e.operationId);
    if (op) {
      const event = eventOf(e.status);
      const base = { operationId: op.id, event, payload: JSON.stringify(operationView(op)) };
      const rows: NewDelivery[] = subs
        .filter((s) => wants(s, op, event))
        .map((s) => ({
          ...base,
          id: deliveryId(op.id, e.status, s.id),
          subscriptionId: s.id,
          url: null,
        }));
      const callback = await this.outbox.callbackOf(op.id);
      if (callback) {
        const id = deliveryId(op.id, e.status, 'callback');
        rows.push({ ...base, id, subscriptionId: null, url: callback });
      }
      if (rows.length) await this.enqueue(rows);
    }
    await this.outbox.done(e);
  }

  /** The rows (those not yet there), then a job for each still pending (BullMQ dedups ids). */
  private async enqueue(rows: NewDelivery[]): Promise<void> {
    await this.deliveries.insertMissing(rows);
    const pending = await this.deliveries.pendingAmong(rows.map((r) => r.id));
    if (!pending.length) return;
    await this.queue().addBulk(
      pending.map((d) =>
        deliveryJob(this.cfg, { delivery: d.id, operation: d.operationId, event: d.event }),
      ),
    );
  }

  /** Ended deliveries and old Callback-URLs go with the operations' retention. */
  private async prune(): Promise<void> {
    const now = Date.now();
    try {
      await this.deliveries.pruneEnded(
        new Date(now - this.cfg.OPERATION_RETENTION_DAYS * DAY_MS),
        new Date(now - this.cfg.FAILED_OPERATION_RETENTION_DAYS * DAY_MS),
      );
      await this.outbox.pruneCallbacks(
        new Date(now - this.cfg.FAILED_OPERATION_RETENTION_DAYS * DAY_MS),
      );
    } catch (e) {
      this.log.warn(`pruning deliveries failed: ${(e as Error).message}`);
    }
  }

  private queue(): Queue {
    return this.moduleRef.get<Queue>(getQueueToken(WEBHOOK_QUEUE), { strict: false });
  }
}
