import { TestStack } from '../support/stack.js';
import { createBurst, expectTruthfulBurst } from './support/burst.js';
import { TestRedis } from './support/redis-server.js';

/**
 * Redis killed (kill -9) under a burst of submissions and started again from its AOF: every
 * submission is either accepted and runs once, or refused with 503 + Retry-After and never
 * runs; none is a 500, and the database-only reads keep answering meanwhile.
 */
describe('faults: Redis killed under a burst', () => {
  let redis: TestRedis;
  let stack: TestStack;
  beforeAll(async () => {
    redis = await TestRedis.start();
    stack = await TestStack.start({
      worker: 'process',
      env: { REDIS_URL: redis.url, WORKER_LOCK_S: '2', RECONCILE_INTERVAL_S: '1' },
    });
  });
  afterAll(async () => {
    await stack.close();
    await redis.stop();
  });

  it('accepts or refuses each submission truthfully, and runs each accepted one once', async () => {
    await stack.token();
    const burst = createBurst(stack, 'RB', 40, 15);
    await new Promise((r) => setTimeout(r, 200));
    await redis.kill();
    // while Redis is down: database-only reads answer
    const list = await stack.http('GET', '/operations?limit=5');
    expect(list.status).toBe(200);
    const answers = await burst;
    await redis.restart();
    await expectTruthfulBurst(
      stack,
      answers,
      60_000,
      () => `${stack.apiOutput()}\n${stack.workerOutput()}`,
    );
  });
});
