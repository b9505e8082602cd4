import { eventually, request } from '../support/http.js';
import { TestStack } from '../support/stack.js';
import { TestSentinelSet } from './support/redis-sentinel.js';

/**
 * Issue #15: the stack on Redis behind Sentinel, its master killed (kill -9) mid-burst. The
 * sentinels promote the replica; every process follows it. Every submission is accepted and
 * runs once, or is refused (503) and never runs: no accepted operation is lost.
 */
describe('faults: Redis Sentinel fails over the master mid-burst', () => {
  let redis: TestSentinelSet;
  let stack: TestStack;
  beforeAll(async () => {
    redis = await TestSentinelSet.start();
    stack = await TestStack.start({
      worker: 'process',
      env: { REDIS_URL: redis.url, WORKER_LOCK_S: '2', RECONCILE_INTERVAL_S: '1' },
    });
  });
  afterAll(async () => {
    await stack.close();
    await redis.stop();
  });

  it('loses no accepted operation', async () => {
    await stack.token();
    const first = await redis.masterPort();
    const ids = Array.from({ length: 50 }, (_, i) => `SN${String(i).padStart(2, '0')}`);
    const burst = ids.map(async (userid, i) => {
      await new Promise((r) => setTimeout(r, i * 100));
      const res = await stack.http('POST', '/guests', {
        body: { guest: { userid, vcpus: 1, memory: 512 } },
        headers: { prefer: 'respond-async' },
      });
      return { userid, res };
    });
    await new Promise((r) => setTimeout(r, 800));
    await redis.killMaster();
    const answers = await Promise.all(burst);
    expect(await redis.masterPort()).not.toBe(first);

    for (const { res } of answers) expect([202, 503]).toContain(res.status);
    const accepted = answers.filter((a) => a.res.status === 202);
    // before the kill they are accepted; after the failover (about 2 s) again, on the new master
    expect(answers.slice(0, 5).every((a) => a.res.status === 202)).toBe(true);
    expect(answers.slice(-5).map((a) => a.res.status)).toEqual([202, 202, 202, 202, 202]);
    for (const { res } of accepted) {
      const location = res.headers.get('location')!;
      const op = await eventually(async () => {
        const r = await stack.http('GET', location);
        return ['succeeded', 'failed'].includes(r.body.output.status) ? r.body.output : undefined;
      }, 90_000);
      expect({ status: op.status, response: op.response }).toMatchObject({ status: 'succeeded' });
    }
    // the hypervisor agrees: accepted ones exist, refused ones never ran, none defined twice
    const state = (await request(stack.simUrl, 'GET', '/admin/state')).body;
    const users = (state.users as { userid: string }[]).map((u) => u.userid);
    for (const { userid, res } of answers) {
      if (res.status === 202) expect(users).toContain(userid);
      else expect(users).not.toContain(userid);
    }
    const calls = (await request(stack.simUrl, 'GET', '/admin/calls')).body.calls as {
      function: string;
      target: string;
    }[];
    for (const userid of ids) {
      const defs = calls.filter((c) => c.function === 'Image_Create_DM' && c.target === userid);
      expect(defs.length).toBeLessThanOrEqual(1);
    }
    // a later operation after the failover runs at once
    const later = await stack.http('POST', '/guests', {
      body: { guest: { userid: 'SNLATE', vcpus: 1, memory: 512 } },
    });
    expect(later.status).toBe(200);
  }, 180_000);
});
