import { Backoffs } from 'bullmq';

/** The backoff settings (WEBHOOK_BACKOFF_BASE_MS, _MAX_MS, _JITTER, WEBHOOK_RETRY_WINDOW_S). */
export interface RetrySettings {
  WEBHOOK_BACKOFF_BASE_MS: number;
  WEBHOOK_BACKOFF_MAX_MS: number;
  WEBHOOK_BACKOFF_JITTER: number;
  WEBHOOK_RETRY_WINDOW_S: number;
}

/** The longest pause after the `n`th failed attempt (n ≥ 1): doubled each time, capped. */
export function retryDelay(s: RetrySettings, n: number): number {
  const doubled = s.WEBHOOK_BACKOFF_BASE_MS * 2 ** Math.min(Math.max(n - 1, 0), 40);
  return Math.min(doubled, s.WEBHOOK_BACKOFF_MAX_MS);
}

/**
 * The pause BullMQ waits after the `n`th failed attempt: the capped doubling with its last
 * WEBHOOK_BACKOFF_JITTER share drawn at random by BullMQ's own jitter, so the senders of a
 * receiver that comes back do not all retry in the same second (the cap applies first, so
 * the pauses at the cap spread too).
 */
export function jitteredDelay(s: RetrySettings, n: number): number {
  return Backoffs.builtinStrategies.fixed(retryDelay(s, n), s.WEBHOOK_BACKOFF_JITTER)(
    n,
    'fixed',
  ) as number;
}

/** Attempts (the first one included) whose shortest pauses add up to the retry window. */
export function attemptsFor(s: RetrySettings): number {
  const window = s.WEBHOOK_RETRY_WINDOW_S * 1000;
  let pauses = 0;
  let total = 0;
  while (total < window) total += retryDelay(s, ++pauses) * (1 - s.WEBHOOK_BACKOFF_JITTER);
  return pauses + 1;
}
