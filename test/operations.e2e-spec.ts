import { eventually, request } from './support/http.js';
import { readEvents } from './support/sse.js';
import { TestStack } from './support/stack.js';
import { expectSucceeded } from './support/succeeded.js';
import { disksOf, guestBody } from './support/fixtures.js';

/** The operations API: following, idempotency, per-guest order, caps, cancel, history. */
describe('operations', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await TestStack.start({ worker: 'in-process', env: { SSE_HEARTBEAT_S: '1' } });
  });
  afterAll(() => stack.close());

  const fault = (f: object) => request(stack.simUrl, 'POST', '/admin/faults', { body: f });
  const clearFaults = () => request(stack.simUrl, 'DELETE', '/admin/faults');
  const simState = async () => (await request(stack.simUrl, 'GET', '/admin/state')).body;
  const calls = async (since = 0) =>
    (await request(stack.simUrl, 'GET', `/admin/calls?since=${since}`)).body;
  const create = (userid: string, disks = 0, headers: Record<string, string> = {}) =>
    stack.http('POST', '/guests', {
      body: guestBody({ userid, disks: disksOf(disks, '10') }),
      headers,
    });
  const opOf = async (location: string) => (await stack.http('GET', location)).body.output;
  const until = (location: string, status: string) =>
    eventually(
      async () => {
        const op = await opOf(location);
        return op.status === status ? op : undefined;
      },
      20000,
      `${location} ${status}`,
    );

  afterEach(() => clearFaults());

  it('follows a long operation by polling, long-polling and server-sent events', async () => {
    // four slow disks (~6 s) leave the resumed stream time for heartbeats even on a busy machine
    await fault({ function: 'Image_Disk_Create_DM', hang_ms: 1500, times: 0 });
    const res = await create('LONG01', 4, { prefer: 'respond-async' });
    expect(res.status).toBe(202);
    const location = res.headers.get('location')!;

    // events from the start; stop after two step events to resume later
    const first = await readEvents(
      `${stack.url}${location}/events`,
      { 'x-auth-token': await stack.token() },
      (ev) => ev.filter((e) => e.event === 'step').length >= 2,
    );
    expect(first.status).toBe(200);
    expect(first.contentType).toContain('text/event-stream');
    // one read may carry more events than asked for: look at the first two
    const steps = first.events.filter((e) => e.event === 'step').slice(0, 2);
    expect(steps.map((e) => [e.id, e.data.name, e.data.phase])).toEqual([
      ['1', 'define user', 'started'],
      ['2', 'define user', 'ended'],
    ]);

    const polled = await opOf(location);
    expect(polled.status).toBe('running');
    expect(polled.steps.map((x: any) => x.name)).toContain('define user');

    // resume after event 2: no repeats, heartbeats, progress, then done
    const rest = await readEvents(`${stack.url}${location}/events`, {
      'x-auth-token': await stack.token(),
      'last-event-id': '2',
    });
    const restSteps = rest.events.filter((e) => e.event === 'step');
    expect(Number(restSteps[0].id)).toBe(3);
    expect(restSteps.map((e) => `${e.data.name}:${e.data.phase}`)).toContain(
      'create disk 0103:ended',
    );
    expect(rest.comments).toBeGreaterThan(0); // heartbeats (1 s here) over ~2 s of disk work
    const percents = rest.events.filter((e) => e.event === 'progress').map((e) => e.data.percent);
    expect(percents.at(-1)).toBe(100);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    const done = rest.events.at(-1)!;
    expect(done).toMatchObject({ event: 'done', id: 'done' });
    expect(done.data).toMatchObject({ status: 'succeeded', response: { overallRC: 0 } });

    const waited = await stack.http('GET', `${location}?wait=5`);
    expect(waited.body.output.status).toBe('succeeded');
    // the last step: the data disk's file system (ext4 by default), after its creation
    expect(waited.body.output.progress).toEqual({ percent: 100, step: 'format disk 0103' });
  });

  it('long-polls until the operation ends', async () => {
    await fault({ function: 'Image_Create_DM', target: 'POLL01', hang_ms: 1200 });
    const res = await create('POLL01', 0, { prefer: 'respond-async' });
    const t0 = Date.now();
    const op = await stack.http('GET', `${res.headers.get('location')}?wait=20`);
    expect(op.body.output.status).toBe('succeeded');
    expect(Date.now() - t0).toBeLessThan(10000);
  });

  it('makes one operation of many requests with one Idempotency-Key', async () => {
    // long enough that all 100 requests are answered while it runs, even on a busy machine
    await fault({ function: 'Image_Create_DM', target: 'IDEM01', hang_ms: 6000 });
    const headers = { 'idempotency-key': 'create-idem01', prefer: 'respond-async' };
    const before = (await calls()).lastSeq;
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => create('IDEM01', 0, headers)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(99);
    const conflict = answers.find((a) => a.status === 409)!;
    expect(conflict.body).toMatchObject({ overallRC: 409, rs: 10, modID: 120 });
    const location = answers.find((a) => a.status === 202)!.headers.get('location')!;
    expect(conflict.headers.get('location')).toBe(location);

    await until(location, 'succeeded');
    const defined = (await calls(before)).calls.filter(
      (c: any) => c.function === 'Image_Create_DM' && c.target === 'IDEM01',
    );
    expect(defined).toHaveLength(1);
    const history = await stack.http('GET', '/guests/IDEM01/operations');
    expect(history.body.output.operations).toHaveLength(1);

    const replay = await create('IDEM01', 0, { 'idempotency-key': 'create-idem01' });
    expect(replay.status).toBe(200);
    expect(replay.body.output).toEqual([]);
    const different = await create('IDEM02', 0, { 'idempotency-key': 'create-idem01' });
    expect(different.status).toBe(422);
    expect(different.body).toMatchObject({ overallRC: 422, rs: 11 });
    const bad = await create('IDEM03', 0, { 'idempotency-key': 'has space' });
    expect(bad.status).toBe(400);
    expect(bad.body.errmsg).toContain('Idempotency-Key');
  });

  it('runs the operations of one guest one at a time in order, others in parallel', async () => {
    await create('ORD01');
    await create('OTH01');
    await fault({ function: 'Image_Activate', target: 'ORD01', hang_ms: 300, times: 0 });
    await fault({ function: 'Image_Deactivate', target: 'ORD01', hang_ms: 300, times: 0 });
    await fault({ function: 'Image_Activate', target: 'OTH01', hang_ms: 300 });
    const since = (await calls()).lastSeq;
    const actions = ['start', 'stop', 'start', 'stop', 'start'];
    const locations: string[] = [];
    for (const action of actions) {
      const r = await stack.http('POST', '/guests/ORD01/action', {
        body: { action },
        headers: { prefer: 'respond-async' },
      });
      locations.push(r.headers.get('location')!);
    }
    const other = await stack.http('POST', '/guests/OTH01/action', {
      body: { action: 'start' },
      headers: { prefer: 'respond-async' },
    });
    for (const l of locations) await until(l, 'succeeded');
    await until(other.headers.get('location')!, 'succeeded');

    const log = (await calls(since)).calls.filter((c: any) => c.function.startsWith('Image_'));
    const mine = log.filter((c: any) => c.target === 'ORD01');
    expect(mine.map((c: any) => c.function)).toEqual([
      'Image_Activate',
      'Image_Deactivate',
      'Image_Activate',
      'Image_Deactivate',
      'Image_Activate',
    ]);
    for (let i = 1; i < mine.length; i++)
      expect(mine[i].start).toBeGreaterThanOrEqual(mine[i - 1].end);
    const oth = log.find((c: any) => c.target === 'OTH01');
    expect(oth.start).toBeLessThan(mine.at(-1).start); // not held behind ORD01's line
    const finished = await Promise.all(locations.map(opOf));
    const ends = finished.map((o) => Date.parse(o.finished_at));
    expect(ends).toEqual([...ends].sort((a, b) => a - b));
  });

  it('answers 409 under handling=strict while the guest is busy', async () => {
    await create('BUSY01');
    await fault({ function: 'Image_Activate', target: 'BUSY01', hang_ms: 1500 });
    const first = await stack.http('POST', '/guests/BUSY01/action', {
      body: { action: 'start' },
      headers: { prefer: 'respond-async' },
    });
    const strict = await stack.http('POST', '/guests/BUSY01/action', {
      body: { action: 'stop' },
      headers: { prefer: 'respond-async, handling=strict' },
    });
    expect(strict.status).toBe(409);
    expect(strict.body).toMatchObject({ overallRC: 409, rs: 12 });
    expect(strict.headers.get('location')).toBe(first.headers.get('location'));
    await until(first.headers.get('location')!, 'succeeded');
  });

  it('lets exactly one of many simultaneous handling=strict requests through', async () => {
    await create('RACE01');
    await fault({ function: 'Image_Activate', target: 'RACE01', hang_ms: 1000 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        stack.http('POST', '/guests/RACE01/action', {
          body: { action: 'start' },
          headers: { prefer: 'respond-async, handling=strict' },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([202, ...Array(19).fill(409)]);
    const winner = answers.find((a) => a.status === 202)!.headers.get('location');
    // every refusal names the one that got through; none of them left a record behind
    for (const a of answers.filter((x) => x.status === 409)) {
      expect(a.headers.get('location')).toBe(winner);
    }
    await until(winner!, 'succeeded');
    const history = await stack.http('GET', '/guests/RACE01/operations');
    expect(
      history.body.output.operations.filter((o: any) => o.kind === 'guest.start'),
    ).toHaveLength(1);
  });

  it('cancels a queued operation at once and refuses to cancel an ended one', async () => {
    await create('CANQ01');
    await fault({ function: 'Image_Activate', target: 'CANQ01', hang_ms: 1500 });
    const running = await stack.http('POST', '/guests/CANQ01/action', {
      body: { action: 'start' },
      headers: { prefer: 'respond-async' },
    });
    const queued = await stack.http('POST', '/guests/CANQ01/action', {
      body: { action: 'stop' },
      headers: { prefer: 'respond-async' },
    });
    const location = queued.headers.get('location')!;
    const cancel = await stack.http('POST', `${location}/cancel`);
    expect(cancel.status).toBe(200);
    expect(cancel.body.output).toMatchObject({
      status: 'cancelled',
      response: { overallRC: 409, rs: 14 },
    });
    await until(running.headers.get('location')!, 'succeeded');
    expect((await stack.http('GET', '/guests/CANQ01/power_state')).body.output).toBe('on'); // stop never ran
    const again = await stack.http('POST', `${location}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ rs: 15 });
  });

  it('lists a guest history newest first', async () => {
    const history = await stack.http('GET', '/guests/CANQ01/operations');
    const kinds = history.body.output.operations.map((o: any) => `${o.kind}:${o.status}`);
    expect(kinds).toEqual([
      'guest.stop:cancelled',
      'guest.start:succeeded',
      'guest.create:succeeded',
    ]);
  });

  it('keeps the simulator as it was after a cancelled create', async () => {
    const before = await simState();
    await fault({ function: 'Image_Disk_Create_DM', target: 'CANR01', hang_ms: 600, times: 0 });
    const res = await create('CANR01', 4, { prefer: 'respond-async' });
    const location = res.headers.get('location')!;
    await eventually(async () => {
      const op = await opOf(location);
      return op.steps.some((s: any) => s.name === 'create disk 0101' && s.result === 'ok')
        ? true
        : undefined;
    });
    const cancel = await stack.http('POST', `${location}/cancel`, {
      headers: { prefer: 'wait=10' },
    });
    expect(cancel.status).toBe(200);
    const op = cancel.body.output;
    expect(op.status).toBe('cancelled');
    expect(op.steps.map((s: any) => s.name)).toEqual(
      expect.arrayContaining(['undo record guest', 'undo define user']),
    );
    const after = await simState();
    expect(after.users).toEqual(before.users);
    expect(after.pools).toEqual(before.pools);
    expect((await stack.http('GET', '/guests')).body.output).not.toContain('CANR01');
  });

  it('keeps its database open while a closing worker finishes its running operation', async () => {
    expect((await create('DRAIN01')).status).toBe(200);
    await fault({ function: 'Image_Activate', target: 'DRAIN01', hang_ms: 1500 });
    const res = await stack.http('POST', '/guests/DRAIN01/action', {
      body: { action: 'start' },
      headers: { prefer: 'respond-async' },
    });
    const location = res.headers.get('location')!;
    await until(location, 'running');
    // the worker closes (as on SIGTERM) while the start hangs in the hypervisor: it waits for
    // the operation, whose last records need the database, before the database goes
    const closed = stack.workerDatabaseClosed();
    await stack.stopWorker();
    const op = await opOf(location);
    expectSucceeded(op);
    expect(await closed).toBeGreaterThanOrEqual(Date.parse(op.finished_at));
    await stack.startWorker();
  });
});

describe('operations under limits', () => {
  it('runs at most the cap of deploy operations at once and queues the rest', async () => {
    const stack = await TestStack.start({
      worker: 'in-process',
      env: { QUEUE_CONCURRENCY: 'guest-image=5', WORKER_CONCURRENCY: '16' },
    });
    try {
      // 50 guests, then 50 deploys (transport-free, no disk copy: the punches are the work)
      await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          stack.http('POST', '/guests', {
            body: { guest: { userid: `DC${i}`, vcpus: 1, memory: 512 } },
          }),
        ),
      );
      await request(stack.simUrl, 'POST', '/admin/faults', {
        body: { function: 'punch', hang_ms: 300, times: 0 },
      });
      const since = (await request(stack.simUrl, 'GET', '/admin/calls?since=0')).body.lastSeq;
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          stack.http('POST', `/guests/DC${i}/action`, {
            body: { action: 'deploy', image: 'rhel9.0', skipdiskcopy: true },
            headers: { prefer: 'respond-async' },
          }),
        ),
      );
      expect(answers.every((a) => a.status === 202)).toBe(true); // accepted, never a 503
      for (const a of answers) {
        await eventually(async () => {
          const op = (await stack.http('GET', a.headers.get('location')!)).body.output;
          return op.status === 'succeeded' ? true : undefined;
        }, 60000);
      }
      const log = (
        await request(stack.simUrl, 'GET', `/admin/calls?since=${since}`)
      ).body.calls.filter((c: any) => c.function === 'punch');
      expect(log).toHaveLength(50);
      let most = 0;
      for (const c of log) {
        most = Math.max(most, log.filter((o: any) => o.start <= c.start && o.end > c.start).length);
      }
      expect(most).toBeLessThanOrEqual(5);
      expect(most).toBeGreaterThanOrEqual(2);
    } finally {
      await stack.close();
    }
  });

  it('queues beyond the global concurrency cap and refuses beyond the backlog', async () => {
    const stack = await TestStack.start({
      worker: 'in-process',
      env: {
        QUEUE_CONCURRENCY: 'guest-lifecycle=5',
        WORKER_CONCURRENCY: '16',
        QUEUE_BACKLOG_MAX: '60',
      },
    });
    try {
      await request(stack.simUrl, 'POST', '/admin/faults', {
        body: { function: 'Image_Create_DM', hang_ms: 300, times: 0 },
      });
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          stack.http('POST', '/guests', {
            body: { guest: { userid: `CAP${i}`, vcpus: 1, memory: 512 } },
            headers: { prefer: 'respond-async' },
          }),
        ),
      );
      expect(answers.every((a) => a.status === 202)).toBe(true);
      for (const a of answers) {
        await eventually(async () => {
          const op = (await stack.http('GET', a.headers.get('location')!)).body.output;
          return op.status === 'succeeded' ? true : undefined;
        }, 30000);
      }
      const log = (await request(stack.simUrl, 'GET', '/admin/calls?since=0')).body.calls.filter(
        (c: any) => c.function === 'Image_Create_DM',
      );
      expect(log).toHaveLength(50);
      // most calls in flight at one instant (checked at each call's start)
      let most = 0;
      for (const c of log) {
        const inFlight = log.filter((o: any) => o.start <= c.start && o.end > c.start).length;
        most = Math.max(most, inFlight);
      }
      expect(most).toBeLessThanOrEqual(5);
      expect(most).toBeGreaterThanOrEqual(2);

      // backlog: stop the worker, fill the queue to the limit, then one more is refused
      await stack.stopWorker();
      await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          stack.http('POST', '/guests', {
            body: { guest: { userid: `BL${i}`, vcpus: 1, memory: 512 } },
            headers: { prefer: 'respond-async' },
          }),
        ),
      );
      const refused = await stack.http('POST', '/guests', {
        body: { guest: { userid: 'BLX', vcpus: 1, memory: 512 } },
        headers: { prefer: 'respond-async' },
      });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('30');
      expect(refused.body).toMatchObject({ overallRC: 429, rs: 13, modID: 120 });
    } finally {
      await stack.close();
    }
  });
});
