import { randomUUID } from 'node:crypto';
import { getQueueToken } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { AppConfig } from '#config';
import { type Envelope, Errors, ModID, ok, pyRepr } from '#envelope';
import { HostPolicy } from '#images';
import { WEBHOOK_QUEUE } from '#jobs';
import { OperationsService } from '#operations';
import {
  type SubscriptionRecord,
  WebhookDeliveriesRepository,
  WebhookOutboxRepository,
  WebhookSubscriptionsRepository,
} from '#persistence';
import { TEST_EVENT } from '../domain/events.js';
import { deliveryJob } from '../domain/job-options.js';
import { CALLBACK_SECRET, deliveryId, newSecret } from '../domain/signing.js';
import { redactUrl, targetProblem } from '../domain/target-url.js';
import { deliveryView, secretView, subscriptionView } from './webhook-views.js';
import type { DeliveriesQuery, WebhookDto } from './webhook.dto.js';

/** A 400 naming the field, worded as the reference words schema failures. */
export function badField(field: string, value: unknown, why: string) {
  return Errors.validation(
    `Invalid input for field/attribute ${field}. Value: ${pyRepr(value)}. ${why}`,
  );
}

/** Subscriptions, their delivery logs and secrets, and the service's callback secret. */
@Injectable()
export class WebhooksService {
  readonly policy: HostPolicy;

  constructor(
    private readonly cfg: AppConfig,
    private readonly subscriptions: WebhookSubscriptionsRepository,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly outbox: WebhookOutboxRepository,
    private readonly moduleRef: ModuleRef,
    ops: OperationsService,
  ) {
    this.policy = new HostPolicy(cfg.WEBHOOK_HOSTS, 'WEBHOOK_HOSTS');
    // a submitting request's Callback-URL gets the same check as a subscription's url
    ops.checkCallbacksWith((field, url) => this.checkTarget(field, url));
  }

  /** @throws a 400 naming `field` when the outbound policy refuses `url` outright */
  checkTarget(field: string, url: string): void {
    const why = targetProblem(url, this.policy);
    if (why) throw badField(field, redactUrl(url), why);
  }

  async create(dto: WebhookDto): Promise<Envelope> {
    this.checkTarget('url', dto.url);
    const secret = newSecret();
    const sub = await this.subscriptions.create({
      id: randomUUID(),
      url: dto.url,
      events: [...new Set(dto.events)],
      kinds: [...new Set(dto.kinds ?? [])],
      userids: [...new Set((dto.userids ?? []).map((u) => u.toUpperCase()))],
      secret,
    });
    // the only answer that holds the secret (and a rotation's)
    return ok({ ...subscriptionView(sub), secret });
  }

  async list(): Promise<Envelope> {
    return ok({ webhooks: (await this.subscriptions.list()).map(subscriptionView) });
  }

  async get(id: string): Promise<Envelope> {
    return ok(subscriptionView(await this.find(id)));
  }

  async remove(id: string): Promise<Envelope> {
    if (!(await this.subscriptions.remove(id))) throw this.missing(id);
    await this.deliveries.removeForSubscription(id);
    return ok('');
  }

  async rotate(id: string): Promise<Envelope> {
    const until = new Date(Date.now() + this.cfg.WEBHOOK_SECRET_GRACE_S * 1000);
    const sub = await this.subscriptions.rotate(id, newSecret(), until);
    if (!sub) throw this.missing(id);
    return ok({ ...subscriptionView(sub), ...secretView(sub) });
  }

  /** Queues a signed test message to the subscription; the delivery is in its log. */
  async test(id: string): Promise<Envelope> {
    const sub = await this.find(id);
    const at = new Date();
    const delivery = deliveryId(randomUUID(), TEST_EVENT, sub.id);
    const payload = { type: TEST_EVENT, webhook: sub.id, timestamp: at.toISOString() };
    await this.deliveries.insertMissing([
      {
        id: delivery,
        subscriptionId: sub.id,
        operationId: '',
        event: TEST_EVENT,
        url: null,
        payload: JSON.stringify(payload),
      },
    ]);
    const job = deliveryJob(this.cfg, { delivery, operation: '', event: TEST_EVENT });
    await this.queue().add(job.name, job.data, job.opts);
    return ok({ delivery: delivery, links: { deliveries: `/webhooks/${sub.id}/deliveries` } });
  }

  async deliveryLog(id: string, q: DeliveriesQuery): Promise<Envelope> {
    await this.find(id);
    const page = await this.deliveries.listForSubscription(id, q.limit ?? 50, q.cursor);
    return ok({ deliveries: page.items.map(deliveryView), next_cursor: page.nextCursor });
  }

  async callbackSecret(): Promise<Envelope> {
    return ok(secretView(await this.outbox.secret(CALLBACK_SECRET, newSecret)));
  }

  async rotateCallbackSecret(): Promise<Envelope> {
    const until = new Date(Date.now() + this.cfg.WEBHOOK_SECRET_GRACE_S * 1000);
    const pair = await this.outbox.rotateSecret(CALLBACK_SECRET, newSecret(), until, newSecret);
    return ok(secretView(pair));
  }

  private async find(id: string): Promise<SubscriptionRecord> {
    const sub = await this.subscriptions.get(id);
    if (!sub) throw this.missing(id);
    return sub;
  }

  private missing(id: string) {
    return Errors.notExist(ModID.REST, `Webhook '${id}'`);
  }

  private queue(): Queue {
    return this.moduleRef.get<Queue>(getQueueToken(WEBHOOK_QUEUE), { strict: false });
  }
}
