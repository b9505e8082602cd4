import type { JobsOptions } from 'bullmq';
import { WEBHOOK_DELIVERY_JOB, type WebhookDeliveryJobData } from '#jobs';
import { type RetrySettings, attemptsFor } from './retry-schedule.js';

const DAY_S = 86_400;

/**
 * A delivery job: its id is the delivery's (so adding it twice adds it once), retried with the
 * processor's backoff for at least WEBHOOK_RETRY_WINDOW_S. Ended jobs stay a day, so a relay
 * that repeats itself meanwhile still finds the id taken.
 */
export function deliveryJob(
  cfg: RetrySettings,
  data: WebhookDeliveryJobData,
): { name: string; data: WebhookDeliveryJobData; opts: JobsOptions } {
  return {
    name: WEBHOOK_DELIVERY_JOB,
    data,
    opts: {
      jobId: data.delivery,
      attempts: attemptsFor(cfg),
      backoff: { type: 'webhook' },
      removeOnComplete: { age: DAY_S },
      removeOnFail: { age: 7 * DAY_S },
    },
  };
}
