import { eventually, request } from '../support/http.js';
import { TestStack } from '../support/stack.js';
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
    const ids = Array.from({ length: 40 }, (_, i) => `RB${String(i).padStart(2, '0')}`);
    const burst = ids.map(async (userid, i) => {
      await new Promise((r) => setTimeout(r, i * 15));
      const res = await stack.http('POST', '/guests', {
        body: { guest: { userid, vcpus: 1, memory: 512 } },
        headers: { prefer: 'respond-async' },
      });
      return { userid, res };
    });
    await new Promise((r) => setTimeout(r, 200));
    await redis.kill();
    // while Redis is down: database-only reads answer
    const list = await stack.http('GET', '/operations?limit=5');
    expect(list.status).toBe(200);
    const answers = await Promise.all(burst);
    await redis.restart();

    for (const { res } of answers) expect([202, 503]).toContain(res.status);
    const refused = answers.filter((a) => a.res.status === 503);
    for (const { res } of refused) {
      expect(res.headers.get('retry-after')).toBeTruthy();
      expect(res.body.errmsg).toMatch(/job queue is unavailable/);
    }
    const accepted = answers.filter((a) => a.res.status === 202);
    for (const { res } of accepted) {
      const location = res.headers.get('location')!;
      const op = await eventually(async () => {
        const r = await stack.http('GET', location);
        return ['succeeded', 'failed'].includes(r.body.output.status) ? r.body.output : undefined;
      }, 60_000);
      expect({ status: op.status, response: op.response }).toMatchObject({ status: 'succeeded' });
    }
    // the hypervisor agrees with the answers: accepted ones exist, refused ones never ran
    const state = (await request(stack.simUrl, 'GET', '/admin/state')).body;
    const users = (state.users as { userid: string }[]).map((u) => u.userid);
    for (const { userid } of accepted) expect(users).toContain(userid);
    for (const { userid } of refused) expect(users).not.toContain(userid);
    const calls = (await request(stack.simUrl, 'GET', '/admin/calls')).body.calls as {
      function: string;
      target: string;
    }[];
    for (const userid of ids) {
      const defs = calls.filter((c) => c.function === 'Image_Create_DM' && c.target === userid);
      expect(defs.length).toBeLessThanOrEqual(1);
    }
  });
});
