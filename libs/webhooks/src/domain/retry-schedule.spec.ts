import { loadConfig } from '#config';
import { attemptsFor, jitteredDelay, retryDelay } from './retry-schedule.js';
import { outcomeOf } from './outcome.js';

describe('webhook retry schedule', () => {
  it('doubles from the base, capped', () => {
    const s = {
      WEBHOOK_BACKOFF_BASE_MS: 100,
      WEBHOOK_BACKOFF_MAX_MS: 1000,
      WEBHOOK_BACKOFF_JITTER: 0,
      WEBHOOK_RETRY_WINDOW_S: 5,
    };
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelay(s, n))).toEqual([
      100, 200, 400, 800, 1000, 1000,
    ]);
  });

  it('retries for at least 24 h by default however the pauses fall, and not much longer', () => {
    const cfg = loadConfig({});
    const n = attemptsFor(cfg);
    const least = (i: number) => retryDelay(cfg, i) * (1 - cfg.WEBHOOK_BACKOFF_JITTER);
    let total = 0;
    for (let i = 1; i < n; i++) total += least(i);
    expect(total).toBeGreaterThanOrEqual(24 * 3600 * 1000);
    expect(total - least(n - 1)).toBeLessThan(24 * 3600 * 1000);
    expect(retryDelay(cfg, n - 1)).toBe(cfg.WEBHOOK_BACKOFF_MAX_MS);
  });

  it('spreads each pause over its last WEBHOOK_BACKOFF_JITTER share, at the cap too', () => {
    const s = {
      WEBHOOK_BACKOFF_BASE_MS: 1000,
      WEBHOOK_BACKOFF_MAX_MS: 4000,
      WEBHOOK_BACKOFF_JITTER: 0.5,
      WEBHOOK_RETRY_WINDOW_S: 60,
    };
    for (const n of [1, 3, 9]) {
      const pauses = Array.from({ length: 200 }, () => jitteredDelay(s, n));
      const top = retryDelay(s, n);
      expect(Math.min(...pauses)).toBeGreaterThanOrEqual(top / 2);
      expect(Math.max(...pauses)).toBeLessThanOrEqual(top);
      expect(new Set(pauses).size).toBeGreaterThan(50);
    }
    expect(jitteredDelay({ ...s, WEBHOOK_BACKOFF_JITTER: 0 }, 9)).toBe(4000);
  });

  it('retries timeouts, 408, 429 and 5xx; ends on other answers', () => {
    expect([null, 408, 429, 500, 503].map(outcomeOf)).toEqual(Array(5).fill('retry'));
    expect([200, 204].map(outcomeOf)).toEqual(['succeeded', 'succeeded']);
    expect([400, 401, 404, 410, 302].map(outcomeOf)).toEqual(Array(5).fill('end'));
  });
});
