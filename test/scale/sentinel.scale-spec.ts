import { expectTruthfulBurst } from '../faults/support/burst.js';
import { eventually } from '../support/http.js';
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
    await stack.authToken();
    const ids = Array.from({ length: 60 }, (_, i) => `SS${String(i).padStart(2, '0')}`);
    const sent = ids.map(async (userid, i) => {
      await new Promise((r) => setTimeout(r, i * 80));
      const res = await stack.on(i % 2, 'POST', '/guests', {
        body: { guest: { userid, vcpus: 1, memory: 512 } },
        headers: { prefer: 'respond-async' },
      });
      return { userid, res };
    });
    // the master dies once the burst is under way (the first answers are in), not at a set time
    const before = await Promise.all(sent.slice(0, 5));
    await redis.killMaster();
    const answers = await Promise.all(sent);
    expect(await redis.masterPort()).not.toBe(first);
    expect(before.map((a) => a.res.status)).toEqual([202, 202, 202, 202, 202]);
    // after the failover both apis accept again, on the new master
    for (const api of [0, 1]) {
      const later = await eventually(async () => {
        const res = await stack.on(api, 'POST', '/guests', {
          body: { guest: { userid: `SSLATE${api}`, vcpus: 1, memory: 512 } },
          headers: { prefer: 'respond-async' },
        });
        return res.status === 202 ? res : undefined;
      }, 30_000);
      expect(later.status).toBe(202);
    }
    await expectTruthfulBurst(stack, answers, 90_000, () => stack.output());
  }, 180_000);
});
