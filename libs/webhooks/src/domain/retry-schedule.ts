/** The backoff settings (WEBHOOK_BACKOFF_BASE_MS, WEBHOOK_BACKOFF_MAX_MS, WEBHOOK_RETRY_WINDOW_S). */
export interface RetrySettings {
  WEBHOOK_BACKOFF_BASE_MS: number;
  WEBHOOK_BACKOFF_MAX_MS: number;
  WEBHOOK_RETRY_WINDOW_S: number;
}

/** The pause after the `n`th failed attempt (n ≥ 1): doubled each time, capped. */
export function retryDelay(s: RetrySettings, n: number): number {
  const doubled = s.WEBHOOK_BACKOFF_BASE_MS * 2 ** Math.min(Math.max(n - 1, 0), 40);
  return Math.min(doubled, s.WEBHOOK_BACKOFF_MAX_MS);
}

/** Attempts (the first one included) whose pauses add up to at least the retry window. */
export function attemptsFor(s: RetrySettings): number {
  const window = s.WEBHOOK_RETRY_WINDOW_S * 1000;
  let pauses = 0;
  let total = 0;
  while (total < window) total += retryDelay(s, ++pauses);
  return pauses + 1;
}
