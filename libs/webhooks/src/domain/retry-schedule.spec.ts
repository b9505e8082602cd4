import { loadConfig } from '#config';
import { attemptsFor, retryDelay } from './retry-schedule.js';
import { outcomeOf } from './outcome.js';

describe('webhook retry schedule', () => {
  it('doubles from the base, capped', () => {
    const s = {
      WEBHOOK_BACKOFF_BASE_MS: 100,
      WEBHOOK_BACKOFF_MAX_MS: 1000,
      WEBHOOK_RETRY_WINDOW_S: 5,
    };
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelay(s, n))).toEqual([
      100, 200, 400, 800, 1000, 1000,
    ]);
  });

  it('retries for at least 24 h by default, and not much longer', () => {
    const cfg = loadConfig({});
    const n = attemptsFor(cfg);
    let total = 0;
    for (let i = 1; i < n; i++) total += retryDelay(cfg, i);
    expect(total).toBeGreaterThanOrEqual(24 * 3600 * 1000);
    expect(total - retryDelay(cfg, n - 1)).toBeLessThan(24 * 3600 * 1000);
    expect(retryDelay(cfg, n - 1)).toBe(cfg.WEBHOOK_BACKOFF_MAX_MS);
  });

  it('retries timeouts, 408, 429 and 5xx; ends on other answers', () => {
    expect([null, 408, 429, 500, 503].map(outcomeOf)).toEqual(Array(5).fill('retry'));
    expect([200, 204].map(outcomeOf)).toEqual(['succeeded', 'succeeded']);
    expect([400, 401, 404, 410, 302].map(outcomeOf)).toEqual(Array(5).fill('end'));
  });
});
