// Against the Redis the tests use (REDIS_URL, default 127.0.0.1:6379), under a key of its own.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { loadConfig } from '#config';
import { SmapiHealth, UNHEALTHY_AFTER } from './smapi-health.js';

const cfg = loadConfig({
  QUEUE_PREFIX: `u${randomBytes(4).toString('hex')}`,
  ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
});
const raw = new Redis(cfg.REDIS_URL);
const stored = () => raw.hgetall(`${cfg.QUEUE_PREFIX}:smapi-health`);
let health: SmapiHealth;

beforeEach(async () => {
  await raw.del(`${cfg.QUEUE_PREFIX}:smapi-health`);
  health = new SmapiHealth(cfg);
});
afterEach(() => health.onApplicationShutdown());
afterAll(() => raw.quit());

describe('SmapiHealth', () => {
  it('batches successes into one write, and the report includes what is not yet written', async () => {
    for (let i = 0; i < 100; i++) await health.record(true);
    expect((await stored()).totalSuccess).toBeUndefined(); // still batched
    const report = await health.report();
    expect(report).toMatchObject({ totalSuccess: 100, totalFail: 0, continuousFail: 0 });
    expect(report.healthy).toBe(true);
  });

  it('writes a failure at once and counts consecutive failures across batches', async () => {
    await health.record(true);
    for (let i = 0; i < UNHEALTHY_AFTER; i++) await health.record(false);
    expect(await stored()).toMatchObject({
      totalSuccess: '1',
      totalFail: String(UNHEALTHY_AFTER),
      continuousFail: String(UNHEALTHY_AFTER),
    });
    expect((await health.report()).healthy).toBe(false);
  });

  it('writes the first success after failures at once, resetting the run of failures', async () => {
    await health.record(false);
    await health.record(false);
    await health.record(true);
    expect(await stored()).toMatchObject({
      totalFail: '2',
      totalSuccess: '1',
      continuousFail: '0',
    });
    await health.record(false);
    expect((await stored()).continuousFail).toBe('1');
  });

  it('a late batch of older successes neither resets newer failures nor moves lastSuccess back', async () => {
    const worker = new SmapiHealth(cfg);
    await worker.record(true); // batched in the "worker", not yet written
    await new Promise((r) => setTimeout(r, 5));
    await health.record(false); // the "api" sees the link fail afterwards: written at once
    await worker.onApplicationShutdown(); // the worker's batch lands late
    const r = await health.report();
    expect(r.continuousFail).toBe(1);
    expect(new Date(r.lastFail).getTime()).toBeGreaterThan(new Date(r.lastSuccess).getTime());
  });

  it('adds to the counts other processes wrote', async () => {
    const other = new SmapiHealth(cfg);
    await other.record(false);
    await other.onApplicationShutdown();
    await health.record(false);
    expect(await health.report()).toMatchObject({ totalFail: 2, continuousFail: 2 });
  });
});
