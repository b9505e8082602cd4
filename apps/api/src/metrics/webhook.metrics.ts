import { Injectable, Logger } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { WebhookDeliveriesRepository, WebhookOutboxRepository } from '#persistence';
import { MetricsRegistry, withinScrapeDeadline } from './metrics.registry.js';

/**
 * Completion callbacks (issue #27): deliveries in the log by result, and how long the oldest
 * ending has waited to be delivered (in the outbox or as a pending delivery). The queue's
 * depth is hvo_queue_jobs{queue="webhooks"}.
 */
@Injectable()
export class WebhookMetrics {
  private readonly log = new Logger(WebhookMetrics.name);

  constructor(
    metrics: MetricsRegistry,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly outbox: WebhookOutboxRepository,
  ) {
    const registers = [metrics.registry];
    const byStatus: Gauge<'status'> = new Gauge({
      name: 'hvo_webhook_deliveries',
      help: 'Webhook deliveries in the delivery log by status (pending, succeeded, failed, cancelled), read at scrape time.',
      labelNames: ['status'],
      registers,
      collect: async () => {
        byStatus.reset();
        try {
          for (const { status, count } of await withinScrapeDeadline(
            this.deliveries.countByStatus(),
          )) {
            byStatus.set({ status }, count);
          }
        } catch (e) {
          this.log.warn(`webhook deliveries not counted: ${(e as Error).message}`);
        }
      },
    });
    const oldest: Gauge = new Gauge({
      name: 'hvo_webhook_oldest_pending_seconds',
      help: 'Age of the oldest operation ending not yet delivered (outbox or pending delivery); 0 when none.',
      registers,
      collect: async () => {
        try {
          const [a, b] = await withinScrapeDeadline(
            Promise.all([this.outbox.oldest(), this.deliveries.oldestPending()]),
          );
          const first = [a, b].filter((d): d is Date => !!d).map((d) => d.getTime());
          oldest.set(first.length ? Math.max(0, (Date.now() - Math.min(...first)) / 1000) : 0);
        } catch (e) {
          this.log.warn(`webhook backlog age not read: ${(e as Error).message}`);
        }
      },
    });
  }
}
