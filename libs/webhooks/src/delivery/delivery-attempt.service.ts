import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '#config';
import { HostPolicy } from '#images';
import {
  type DeliveryRecord,
  type SecretPair,
  WebhookDeliveriesRepository,
  WebhookOutboxRepository,
  WebhookSubscriptionsRepository,
} from '#persistence';
import { type Outcome, outcomeOf } from '../domain/outcome.js';
import { CALLBACK_SECRET, newSecret, signedHeaders, signingSecrets } from '../domain/signing.js';
import { redactUrl } from '../domain/target-url.js';
import { postWebhook } from './webhook-post.js';

/** What the processor does after an attempt. */
export type AttemptResult = Outcome | 'skipped';

/** Where a delivery goes and what signs it, or why it is not sent. */
type Target = { url: string; secrets: SecretPair; subscription: string | null } | { skip: string };

/**
 * One attempt of one delivery: reads its row, its target and secrets (so a rotation or a
 * deletion applies to the next attempt), signs a fresh timestamp with the same `webhook-id`,
 * POSTs through the outbound policy and records the attempt in the delivery log.
 */
@Injectable()
export class DeliveryAttempts {
  private readonly log = new Logger(DeliveryAttempts.name);
  private readonly policy: HostPolicy;

  constructor(
    private readonly cfg: AppConfig,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly subscriptions: WebhookSubscriptionsRepository,
    private readonly outbox: WebhookOutboxRepository,
  ) {
    this.policy = new HostPolicy(cfg.WEBHOOK_HOSTS, 'WEBHOOK_HOSTS');
  }

  /** @param last whether no attempt follows this one when it fails */
  async attempt(id: string, last: boolean): Promise<{ result: AttemptResult; error?: string }> {
    const d = await this.deliveries.get(id);
    if (!d || d.status !== 'pending') return { result: 'skipped' }; // a repeat of an ended one
    const target = await this.target(d);
    if ('skip' in target) {
      await this.deliveries.cancel(id, target.skip);
      return { result: 'skipped', error: target.skip };
    }
    const now = new Date();
    const headers = signedHeaders(signingSecrets(target.secrets, now), d.id, now, d.payload);
    const started = performance.now();
    let status: number | null = null;
    let error: string | null = null;
    try {
      const res = await postWebhook(new URL(target.url), {
        headers,
        body: d.payload,
        policy: this.policy,
        timeoutMs: this.cfg.WEBHOOK_TIMEOUT_MS,
      });
      status = res.status;
      if (outcomeOf(status) !== 'succeeded') error = `HTTP ${status} ${res.answer}`.trim();
    } catch (e) {
      error = (e as Error).message;
    }
    const latencyMs = Math.round(performance.now() - started);
    let outcome = outcomeOf(status);
    if (outcome === 'retry' && last) outcome = 'end';
    let disabling: string | undefined;
    if (outcome !== 'succeeded' && target.subscription) {
      disabling = await this.failingTooLong(target.subscription, now);
      if (disabling) outcome = 'end';
    } else if (target.subscription) {
      await this.subscriptions.succeeded(target.subscription);
    }
    await this.deliveries.recordAttempt(id, {
      attempts: d.attempts + 1,
      status: outcome === 'succeeded' ? 'succeeded' : outcome === 'end' ? 'failed' : 'pending',
      statusCode: status,
      error: error?.slice(0, 500) ?? null,
      latencyMs,
    });
    if (error) this.log.warn(`delivery ${id} to ${redactUrl(target.url)}: ${error}`);
    // only once the failure that disables it is in the log: whoever sees the subscription
    // disabled finds that delivery ended, not pending
    if (disabling && target.subscription) await this.disable(target.subscription, disabling);
    return { result: outcome, ...(error ? { error } : {}) };
  }

  private async target(d: DeliveryRecord): Promise<Target> {
    if (!d.subscriptionId) {
      if (!d.url) return { skip: 'no callback URL' };
      const secrets = await this.outbox.secret(CALLBACK_SECRET, newSecret);
      return { url: d.url, secrets, subscription: null };
    }
    const sub = await this.subscriptions.get(d.subscriptionId);
    if (!sub) return { skip: 'the subscription was deleted' };
    if (!sub.enabled) return { skip: `the subscription is disabled: ${sub.disabledReason ?? ''}` };
    return { url: sub.url, secrets: sub, subscription: sub.id };
  }

  /**
   * Records the failure; once the subscription has failed for WEBHOOK_DISABLE_AFTER_S, why it
   * is to be disabled.
   */
  private async failingTooLong(subscription: string, now: Date): Promise<string | undefined> {
    const since = await this.subscriptions.failed(subscription, now);
    if (!since || now.getTime() - since.getTime() < this.cfg.WEBHOOK_DISABLE_AFTER_S * 1000) {
      return undefined;
    }
    return `every delivery failed since ${since.toISOString()}`;
  }

  private async disable(subscription: string, reason: string): Promise<void> {
    await this.subscriptions.disable(subscription, reason);
    this.log.warn(`webhook subscription ${subscription} disabled: ${reason}`);
  }
}
