import { eventually, request } from './support/http.js';
import { TestStack } from './support/stack.js';
import { expectSucceeded } from './support/succeeded.js';
import { disk, guestBody } from './support/fixtures.js';

/** The worker as its own process, as production runs it; the api keeps answering without it. */
describe('worker process', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await TestStack.start({ worker: 'process' });
  });
  afterAll(() => stack.close());

  it('runs operations submitted to the api', async () => {
    const res = await stack.http('POST', '/guests', {
      body: { guest: { userid: 'PROC01', vcpus: 1, memory: 512 } },
    });
    expect(res.status).toBe(200);
    expect((await stack.http('GET', '/guests')).body.output).toContain('PROC01');
  });

  it('keeps operations queued while no worker runs, and completes them when one returns', async () => {
    expect(await stack.stopWorkerProcess()).toBe(0); // graceful SIGTERM
    const start = await stack.http('POST', '/guests/PROC01/action', {
      body: { action: 'start' },
      headers: { prefer: 'respond-async' },
    });
    expect(start.status).toBe(202);
    const location = start.headers.get('location')!;

    // reads are answered by the api itself
    const state = await stack.http('GET', '/guests/PROC01/power_state');
    expect(state.status).toBe(200);
    expect(state.body.output).toBe('off');
    await new Promise((r) => setTimeout(r, 500));
    expect((await stack.http('GET', location)).body.output.status).toBe('queued');

    await stack.startWorkerProcess();
    const op = await eventually(async () => {
      const r = await stack.http('GET', location);
      return r.body.output.status === 'succeeded' ? r.body.output : undefined;
    });
    expect(op.attempts).toBe(1);
    expect((await stack.http('GET', '/guests/PROC01/power_state')).body.output).toBe('on');
  });

  it('finishes a running operation before it stops on SIGTERM', async () => {
    await stack.http('POST', '/guests/PROC01/action', { body: { action: 'stop' } });
    await request(stack.simUrl, 'POST', '/admin/faults', {
      body: { function: 'Image_Activate', target: 'PROC01', hang_ms: 1500 },
    });
    const start = await stack.http('POST', '/guests/PROC01/action', {
      body: { action: 'start' },
      headers: { prefer: 'respond-async' },
    });
    const location = start.headers.get('location')!;
    await eventually(async () => {
      const r = await stack.http('GET', location);
      return r.body.output.status === 'running' ? true : undefined;
    });
    expect(await stack.stopWorkerProcess()).toBe(0);
    const op = (await stack.http('GET', location)).body.output;
    expectSucceeded(op, () => stack.workerOutput());
    expect((await stack.http('GET', '/guests/PROC01/power_state')).body.output).toBe('on');
    await stack.startWorkerProcess();
  });

  it('answers a request without Prefer with 202 once SYNC_WAIT_MAX_S runs out', async () => {
    const short = await TestStack.start({ worker: 'none', env: { SYNC_WAIT_MAX_S: '1' } });
    try {
      await short.startWorker();
      await short.http('POST', '/guests', {
        body: { guest: { userid: 'CAP01', vcpus: 1, memory: 512 } },
      });
      await short.stopWorker();
      const res = await short.http('POST', '/guests/CAP01/action', { body: { action: 'start' } });
      expect(res.status).toBe(202);
      expect(res.headers.get('preference-applied')).toBeNull();
      expect(res.body.output.status).toBe('queued');
    } finally {
      await short.close();
    }
  });
});

/** A worker that dies mid-operation: another picks the operation up after the last done step. */
describe('worker crash', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await TestStack.start({ worker: 'process', env: { WORKER_LOCK_S: '1' } });
  });
  afterAll(() => stack.close());

  const calls = async (fn: string, target: string) =>
    (await request(stack.simUrl, 'GET', '/admin/calls')).body.calls.filter(
      (c: { function: string; target: string }) => c.function === fn && c.target === target,
    );

  it('resumes a killed worker’s operation on a new worker without repeating done steps', async () => {
    // the first disk call hangs, then its connection breaks without any change (a lost call)
    await request(stack.simUrl, 'POST', '/admin/faults', {
      body: { function: 'Image_Disk_Create_DM', target: 'CRASH01', hang_ms: 3000, crash: 'socket' },
    });
    const res = await stack.http('POST', '/guests', {
      body: guestBody({ userid: 'CRASH01', disks: [disk('1g')] }),
      headers: { prefer: 'respond-async' },
    });
    expect(res.status).toBe(202);
    const location = res.headers.get('location')!;
    await eventually(async () =>
      (await calls('Image_Disk_Create_DM', 'CRASH01')).length ? 1 : undefined,
    );

    await stack.killWorkerProcess();
    await stack.startWorkerProcess();
    // the lost call is made again once it can no longer land: 20 s on the simulator
    // transport, about 46 s over the wire (test/support/stack.ts)
    const op = await eventually(async () => {
      const r = await stack.http('GET', location);
      return ['succeeded', 'failed'].includes(r.body.output.status) ? r.body.output : undefined;
    }, 75_000);

    expect(op.status).toBe('succeeded');
    expect(op.steps.map((s: { name: string; result: string }) => [s.name, s.result])).toEqual([
      ['define user', 'ok'],
      ['record guest', 'ok'],
      ['create disk 0100', 'ok'],
    ]);
    // the user was defined once; only the lost disk call was made again
    expect(await calls('Image_Create_DM', 'CRASH01')).toHaveLength(1);
    expect(await calls('Image_Disk_Create_DM', 'CRASH01')).toHaveLength(2);
    const disks = await stack.http('GET', '/guests/CRASH01/disks');
    expect(disks.body.output.minidisks.map((d: { vdev: string }) => d.vdev)).toEqual(['0100']);
  }, 90_000);
});
