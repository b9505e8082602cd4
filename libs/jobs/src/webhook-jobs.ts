import type { QueueName } from './queues.js';

/** The queue of completion callbacks (issue #27), beside the operation queues. */
export const WEBHOOK_QUEUE = 'webhooks' satisfies QueueName;

/** The one job name on it: send one message (a delivery row) to its receiver. */
export const WEBHOOK_DELIVERY_JOB = 'webhook.deliver';

/**
 * Data of a delivery job, whose BullMQ id is the delivery id (also its `webhook-id`): the
 * body, URL and secret are read from the database at each attempt, so nothing secret sits in
 * Redis or the dashboard.
 */
export interface WebhookDeliveryJobData {
  delivery: string;
  operation: string;
  event: string;
}
