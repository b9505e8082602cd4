import { expectTruthfulBurst } from '../faults/support/burst.js';
import { TestSentinelSet } from '../faults/support/redis-sentinel.js';
import { ScaleStack } from './support/scale-stack.js';

/**
 * Issue #15: two api and three worker processes on Redis behind Sentinel; the master is killed
 * (kill -9) mid-burst, the burst spread over both apis. Every process follows the promoted
 * replica; no accepted operation is lost, none runs twice, a refused one never runs.
 */
describe('scale: Sentinel fails over the master under 2 api and 3 worker processes', () => {
  let redis: TestSentinelSet;
  let stack: ScaleStack;
  beforeAll(async () => {
    redis = await TestSentinelSet.start();
    stack = await ScaleStack.start({
      apis: 2,
      workers: 3,
      env: { REDIS_URL: redis.url, WORKER_LOCK_S: '2', RECONCILE_INTERVAL_S: '1' },
    });
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
    await redis?.stop();
  });

  it('loses no accepted operation', async () => {
    const first = await redis.masterPort();
    const ids = Array.from({ length: 60 }, (_, i) => `SS${String(i).padStart(2, '0')}`);
    const burst = Promise.all(
      ids.map(async (userid, i) => {
        await new Promise((r) => setTimeout(r, i * 80));
        const res = await stack.on(i % 2, 'POST', '/guests', {
          body: { guest: { userid, vcpus: 1, memory: 512 } },
          headers: { prefer: 'respond-async' },
        });
        return { userid, res };
      }),
    );
    await new Promise((r) => setTimeout(r, 800));
    await redis.killMaster();
    const answers = await burst;
    expect(await redis.masterPort()).not.toBe(first);
    expect(answers.slice(0, 5).every((a) => a.res.status === 202)).toBe(true);
    expect(answers.slice(-4).map((a) => a.res.status)).toEqual([202, 202, 202, 202]);
    await expectTruthfulBurst(stack, answers, 90_000);
  }, 180_000);
});
