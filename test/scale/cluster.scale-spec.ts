import { QueueKeys } from 'bullmq';
import type { Cluster } from 'ioredis';
import { queuePrefix } from '#config';
import { QUEUES } from '#jobs';
import { eventually, request } from '../support/http.js';
import { readEvents } from '../support/sse.js';
import { createBurst, expectTruthfulBurst } from '../faults/support/burst.js';
import { ScaleStack } from './support/scale-stack.js';
import { TestRedisCluster } from './support/redis-cluster.js';

interface Call {
  function: string;
  target: string;
  start: number;
  end: number;
}

/**
 * Issue #15: the service as it runs on several hosts, on a 3-master Redis Cluster: two api
 * processes, three workers (one job each at a time, so parallel work is spread over them), one
 * PostgreSQL database. A client may talk to either api; every process sees the same operations.
 */
describe('scale: 2 api and 3 worker processes on a 3-master Redis Cluster', () => {
  let cluster: TestRedisCluster;
  let stack: ScaleStack;
  let redis: Cluster;
  const fault = (body: Record<string, unknown>) =>
    request(stack.simUrl, 'POST', '/admin/faults', { body });
  const calls = async (): Promise<Call[]> =>
    (await request(stack.simUrl, 'GET', '/admin/calls?since=0')).body.calls;
  const opOn = async (api: number, location: string) =>
    (await stack.on(api, 'GET', location)).body.output;
  const ended = (api: number, location: string) =>
    eventually(
      async () => {
        const op = await opOn(api, location);
        return ['succeeded', 'failed', 'cancelled'].includes(op.status) ? op : undefined;
      },
      60_000,
      `${location} ended`,
    );
  const keysOf = async (pattern: string): Promise<string[]> => {
    const found: string[] = [];
    for (const node of redis.nodes('master')) found.push(...(await node.keys(pattern)));
    return found;
  };
  const submit = (api: number, path: string, body: unknown) =>
    stack.on(api, 'POST', path, { body, headers: { prefer: 'respond-async' } });
  const createGuest = (api: number, userid: string, disks = 0) =>
    submit(api, '/guests', {
      guest: {
        userid,
        vcpus: 1,
        memory: 512,
        disk_list: Array.from({ length: disks }, () => ({ size: '10' })),
      },
    });

  beforeAll(async () => {
    cluster = await TestRedisCluster.start(3);
    redis = cluster.client();
    stack = await ScaleStack.start({
      apis: 2,
      workers: 3,
      env: {
        REDIS_CLUSTER_NODES: cluster.nodes,
        WORKER_CONCURRENCY: '1',
        GUEST_TURN_RECHECK_MS: '500',
        // long: only the word that a guest left can make an api forget it
        MANAGED_GUESTS_CACHE_MS: '600000',
      },
    });
  }, 120_000);
  afterAll(async () => {
    redis?.disconnect();
    await stack?.close();
    await cluster?.stop();
  });

  it('is submitted on one api and followed on the other: long poll and server-sent events', async () => {
    await fault({ function: 'Image_Disk_Create_DM', target: 'XAPI01', hang_ms: 500, times: 0 });
    const res = await createGuest(0, 'XAPI01', 2);
    expect(res.status).toBe(202);
    const location = res.headers.get('location')!;
    const stream = readEvents(
      `${stack.api(1)}${location}/events`,
      { 'x-auth-token': await stack.authToken() },
      (ev) => ev.some((e) => e.event === 'done'),
      60_000,
    );
    const polled = await stack.on(1, 'GET', `${location}?wait=50`);
    expect(polled.body.output.status).toBe('succeeded');
    const { events } = await stream;
    expect(events.filter((e) => e.event === 'step').length).toBeGreaterThanOrEqual(2);
    expect(events.at(-1)).toMatchObject({ event: 'done' });
    // and a plain request on api B waits for its own operation, as the reference answers
    const sync = await stack.on(1, 'POST', '/guests/XAPI01/action', { body: { action: 'start' } });
    expect(sync.status).toBe(200);
  }, 90_000);

  it('is cancelled from the other api: a queued operation at once, a running one at its next step', async () => {
    expect(
      (
        await stack.on(0, 'POST', '/guests', {
          body: { guest: { userid: 'XCAN01', vcpus: 1, memory: 512 } },
        })
      ).status,
    ).toBe(200);
    await fault({ function: 'Image_Activate', target: 'XCAN01', hang_ms: 1500 });
    const running = await submit(0, '/guests/XCAN01/action', { action: 'start' });
    const queued = await submit(0, '/guests/XCAN01/action', { action: 'stop' });
    // meanwhile the guest's line is in Redis, under a key tagged with the guest (its own slot)
    expect(await keysOf('*:guest-turns:*')).toContain(
      `${stack.config.QUEUE_PREFIX}:guest-turns:{XCAN01}`,
    );
    const cancel = await stack.on(1, 'POST', `${queued.headers.get('location')}/cancel`);
    expect(cancel.status).toBe(200);
    expect(cancel.body.output.status).toBe('cancelled');
    expect((await ended(1, running.headers.get('location')!)).status).toBe('succeeded');
    expect((await stack.on(1, 'GET', '/guests/XCAN01/power_state')).body.output).toBe('on');

    // a running create on some worker, cancelled through the other api: undone, user gone
    await fault({ function: 'Image_Disk_Create_DM', target: 'XCAN02', hang_ms: 600, times: 0 });
    const create = await createGuest(1, 'XCAN02', 4);
    const location = create.headers.get('location')!;
    await eventually(async () => {
      const op = await opOn(1, location);
      return op.steps.some((s: { result?: string }) => s.result === 'ok') ? true : undefined;
    }, 30_000);
    const stop = await stack.on(0, 'POST', `${location}/cancel`, {
      headers: { prefer: 'wait=30' },
    });
    expect(stop.status).toBe(200);
    expect(stop.body.output.status).toBe('cancelled');
    const state = (await request(stack.simUrl, 'GET', '/admin/state')).body;
    expect(state.users.map((u: { userid: string }) => u.userid)).not.toContain('XCAN02');
  }, 90_000);

  it("runs each guest's operations in submission order across the workers, each exactly once", async () => {
    const guests = ['XORD01', 'XORD02', 'XORD03', 'XORD04', 'XORD05', 'XORD06'];
    // every guest call waits a little, so work of different guests overlaps on the workers
    await fault({ function: 'Image_Activate', hang_ms: 300, times: 0 });
    await fault({ function: 'Image_Deactivate', hang_ms: 300, times: 0 });
    const creates = await Promise.all(guests.map((g, i) => createGuest(i % 2, g)));
    for (const [i, res] of creates.entries()) {
      expect(res.status).toBe(202);
      expect((await ended(i % 2, res.headers.get('location')!)).status).toBe('succeeded');
    }
    const series = ['start', 'stop', 'start', 'stop'];
    // each guest's operations are submitted in order, alternating between the two apis
    const submitted = await Promise.all(
      guests.map(async (g, gi) => {
        const out: string[] = [];
        for (const [i, action] of series.entries()) {
          const res = await submit((gi + i) % 2, `/guests/${g}/action`, { action });
          expect(res.status).toBe(202);
          out.push(res.headers.get('location')!);
        }
        return out;
      }),
    );
    for (const locations of submitted) {
      for (const [i, location] of locations.entries()) {
        expect((await ended(i % 2, location)).status).toBe('succeeded');
      }
    }
    const log = (await calls()).filter((c) => guests.includes(c.target));
    for (const g of guests) {
      const mine = log.filter((c) => c.target === g);
      // exactly once each, in the order submitted: create, then start/stop/start/stop
      expect(mine.filter((c) => c.function === 'Image_Create_DM')).toHaveLength(1);
      expect(
        mine
          .filter((c) => c.function === 'Image_Activate' || c.function === 'Image_Deactivate')
          .map((c) => c.function),
      ).toEqual(['Image_Activate', 'Image_Deactivate', 'Image_Activate', 'Image_Deactivate']);
    }
    // more than one worker ran at once (each takes one job at a time): work was spread
    const power = log.filter((c) => c.function === 'Image_Activate');
    const overlap = Math.max(
      ...power.map((a) => power.filter((b) => b.start < a.end && a.start < b.end).length),
    );
    expect(overlap).toBeGreaterThan(1);
    await request(stack.simUrl, 'DELETE', '/admin/faults');
  }, 180_000);

  it('forgets a guest on both apis as soon as one of them has had it deleted', async () => {
    const created = await createGuest(0, 'XDEP01');
    expect((await ended(0, created.headers.get('location')!)).status).toBe('succeeded');
    const power = (api: number) => stack.on(api, 'GET', '/guests/XDEP01/power_state');
    // both apis now hold it as managed
    for (const api of [0, 1]) expect((await power(api)).body).toMatchObject({ output: 'off' });
    expect((await stack.on(0, 'DELETE', '/guests/XDEP01')).status).toBe(200);
    const gone = { overallRC: 404, rs: 1, modID: 10 };
    for (const api of [1, 0]) expect((await power(api)).body).toMatchObject(gone);
  }, 90_000);

  it("orders a guest's operations that sit in different queues: a NIC change waits for a start", async () => {
    expect(
      (await createGuest(0, 'XMIX01').then((r) => ended(0, r.headers.get('location')!))).status,
    ).toBe('succeeded');
    // the start holds its worker; another worker is free to take the network job meanwhile
    await fault({ function: 'Image_Activate', target: 'XMIX01', hang_ms: 1500 });
    const before = (await calls()).length;
    const start = await submit(0, '/guests/XMIX01/action', { action: 'start' });
    const nic = await submit(1, '/guests/XMIX01/nic', { nic: { vdev: '1000' } });
    expect([start.status, nic.status]).toEqual([202, 202]);
    expect((await ended(1, start.headers.get('location')!)).status).toBe('succeeded');
    expect((await ended(0, nic.headers.get('location')!)).status).toBe('succeeded');
    const mine = (await calls()).slice(before).filter((c) => c.target === 'XMIX01');
    const activate = mine.find((c) => c.function === 'Image_Activate')!;
    const nicCalls = mine.filter((c) => c.function !== 'Image_Activate');
    expect(nicCalls.length).toBeGreaterThan(0);
    for (const c of nicCalls) expect(c.start).toBeGreaterThanOrEqual(activate.end);
    // the two queues' keys are in different slots: the line, not a shared slot, ordered them
    const [lifecycle, network] = await Promise.all(
      ['guest-lifecycle', 'network'].map((q) =>
        cluster.keyslot(redis, new QueueKeys(queuePrefix(stack.config, q)).toKey(q, 'wait')),
      ),
    );
    expect(lifecycle).not.toBe(network);
  }, 90_000);

  it('keeps the keys of every script in one slot per queue, the queues in different slots', async () => {
    const slotOf = (key: string) => cluster.keyslot(redis, key);
    // every key BullMQ's scripts may pass for each queue, and a job's own keys
    const queueSlots = new Map<string, number>();
    for (const q of QUEUES) {
      const prefix = queuePrefix(stack.config, q);
      // the queue's own tag, with the suffix that aims its slot (libs/config/src/queue-slots.ts)
      expect(prefix.startsWith(`{${stack.config.QUEUE_PREFIX}:${q}`)).toBe(true);
      expect(prefix).toMatch(/^\{[^:]+:[a-z-]+(:\d+)?\}$/);
      const keys = new QueueKeys(prefix);
      const all = [
        ...Object.values(keys.getKeys(q)),
        keys.toKey(q, 'some-job'),
        keys.toKey(q, 'some-job:lock'),
      ].filter((k) => k);
      const slots = new Set(await Promise.all(all.map(slotOf)));
      expect(slots.size).toBe(1);
      queueSlots.set(q, [...slots][0]);
    }
    // one slot per queue, not one for all: the queues can sit on different masters
    expect(new Set(queueSlots.values()).size).toBeGreaterThan(1);

    // what the flows above left in Redis, read from every master: each key in its queue's slot
    const found = await keysOf(`*${stack.config.QUEUE_PREFIX}*`);
    const queueKeys = found.filter((k) => k.startsWith(`{${stack.config.QUEUE_PREFIX}:`));
    expect(queueKeys.length).toBeGreaterThan(10);
    for (const key of queueKeys) {
      const queue = /^\{[^:]+:([^}:]+)(?::\d+)?\}/.exec(key)![1];
      expect({ key, slot: await slotOf(key) }).toEqual({ key, slot: queueSlots.get(queue) });
    }
    // guests' lines (tagged with the userid) spread over the slots, so over the masters
    const turnSlots = await Promise.all(
      ['XORD01', 'XORD02', 'XORD03', 'XORD04', 'XORD05', 'XORD06'].map((g) =>
        slotOf(`${stack.config.QUEUE_PREFIX}:guest-turns:{${g}}`),
      ),
    );
    expect(new Set(turnSlots).size).toBeGreaterThan(1);
  });

  // last: it kills the whole cluster
  it('answers 503 at once while every master is down, accepts again after, loses nothing accepted', async () => {
    await stack.authToken();
    // a burst across the outage: each answer is 202 or 503, none waits
    const burst = createBurst(stack, 'XDN', 30, 150);
    await new Promise((r) => setTimeout(r, 600));
    await cluster.killAll();
    const t0 = Date.now();
    const down = await submit(1, '/guests', { guest: { userid: 'XDOWN1', vcpus: 1, memory: 512 } });
    const waited = Date.now() - t0;
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBeTruthy();
    expect(down.body.errmsg).toMatch(/job queue is unavailable/);
    // promptly, as a lone Redis answers: not held until the cluster comes back
    expect(waited).toBeLessThan(5000);
    // database-only reads answer meanwhile
    expect((await stack.on(0, 'GET', '/operations?limit=5')).status).toBe(200);
    const answers = await burst;
    expect(answers.some((a) => a.res.status === 503)).toBe(true);

    await cluster.restartAll();
    // accepted again once the processes have found the cluster back
    const again = await eventually(
      async () => {
        const res = await submit(1, '/guests', {
          guest: { userid: 'XUP001', vcpus: 1, memory: 512 },
        });
        return res.status === 202 ? res : undefined;
      },
      60_000,
      'a submission accepted after the restart',
    );
    expect((await ended(1, again.headers.get('location')!)).status).toBe('succeeded');
    // every accepted one ran once, every refused one never
    await expectTruthfulBurst(stack, answers, 60_000, () => stack.output());
  }, 180_000);
});
