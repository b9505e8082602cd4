import { Queue, UnrecoverableError } from 'bullmq';
import { Redis as IORedis } from 'ioredis';
import { JOB_CATALOGUE } from '#jobs';
import { eventually, request } from '../support/http.js';
import { TestStack } from '../support/stack.js';
import { crashKit } from './support/crash-kit.js';
import { expectSucceeded } from '../support/succeeded.js';
import { disk, guestBody } from '../support/fixtures.js';

interface Call {
  function: string;
  target: string;
}

/**
 * kill -9 of real worker processes mid-step: the resumed operation finds out whether the step
 * in flight happened (it is not re-run blindly), and an operation whose workers keep dying is
 * unwound: it ends failed exactly once, undone, and its guest's line is free.
 */
describe('faults: worker killed mid-step', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await TestStack.start({
      worker: 'process',
      env: {
        WORKER_LOCK_S: '1',
        OPERATION_MAX_RESUMPTIONS: '1',
        RECONCILE_INTERVAL_S: '1',
        SHUTDOWN_GRACE_S: '1',
        // a lost call (FCR03) leaves its step in doubt as long as the transport waits for one:
        // 10 s on the simulator transport, about 23 s over the wire (HV_TRANSPORT=smapi)
        HV_CALL_TIMEOUT_S: '5',
        SMAPI_CONNECT_TIMEOUT_S: '1',
        SMAPI_READ_TIMEOUT_S: '5',
        SMAPI_LONG_READ_TIMEOUT_S: '5',
        HV_DISK_IMAGE_TIMEOUT_S: '6',
      },
    });
  });
  afterAll(() => stack.close());

  const calls = async (fn: string, target: string): Promise<Call[]> =>
    ((await request(stack.simUrl, 'GET', '/admin/calls')).body.calls as Call[]).filter(
      (c) => c.function === fn && c.target === target,
    );
  const fault = (body: object) => request(stack.simUrl, 'POST', '/admin/faults', { body });
  const users = async (): Promise<string[]> =>
    ((await request(stack.simUrl, 'GET', '/admin/state')).body.users as { userid: string }[]).map(
      (u) => u.userid,
    );
  const ended = (location: string) =>
    eventually(async () => {
      const r = await stack.http('GET', location);
      // needs_attention passes: a step left in doubt is probed again once its call cannot land
      return ['succeeded', 'failed', 'cancelled'].includes(r.body.output.status)
        ? r.body.output
        : undefined;
    }, 60_000);
  const create = async (userid: string) => {
    const res = await stack.http('POST', '/guests', {
      body: guestBody({ userid, disks: [disk('1g')] }),
      headers: { prefer: 'respond-async' },
    });
    expect(res.status).toBe(202);
    return res.headers.get('location')!;
  };
  /** Lets the calls held by `hold` faults go on. */
  const release = () => request(stack.simUrl, 'POST', '/admin/faults/release');
  /**
   * Kills the worker once `fn` on `target` has been called `n` times (the call held in flight),
   * lets the call go on, then starts a worker.
   */
  const crashDuring = async (fn: string, target: string, n: number) => {
    // a call lost with its worker is issued again only once it can no longer land
    await eventually(async () => ((await calls(fn, target)).length >= n ? 1 : undefined), 30_000);
    await stack.killWorkerProcess();
    await release();
    await stack.startWorkerProcess();
  };

  it('adopts a user definition that happened while its worker died (defined once)', async () => {
    // the call is held, then runs: the worker is killed before it hears the answer
    await fault({ function: 'Image_Create_DM', target: 'FCR01', hold: true });
    const location = await create('FCR01');
    await crashDuring('Image_Create_DM', 'FCR01', 1);
    const op = await ended(location);

    expect(op.status).toBe('succeeded');
    expect(op.attempts).toBe(2);
    expect(op.steps.find((s: { name: string }) => s.name === 'define user').detail).toMatch(
      /adopted/,
    );
    expect(await calls('Image_Create_DM', 'FCR01')).toHaveLength(1);
    expect(await calls('Image_Disk_Create_DM', 'FCR01')).toHaveLength(1);
    expect(await users()).toContain('FCR01');
    const disks = await stack.http('GET', '/guests/FCR01/disks');
    expect(disks.body.output.minidisks.map((d: { vdev: string }) => d.vdev)).toEqual(['0100']);
  });

  it('adopts a minidisk created while its worker died (created once)', async () => {
    await fault({ function: 'Image_Disk_Create_DM', target: 'FCR02', hold: true });
    const location = await create('FCR02');
    await crashDuring('Image_Disk_Create_DM', 'FCR02', 1);
    const op = await ended(location);

    expect(op.status).toBe('succeeded');
    expect(await calls('Image_Create_DM', 'FCR02')).toHaveLength(1);
    expect(await calls('Image_Disk_Create_DM', 'FCR02')).toHaveLength(1);
  });

  it('resumes after SIGTERM with a grace shorter than the step, without repeating it', async () => {
    await fault({ function: 'Image_Disk_Create_DM', target: 'FCR04', hold: true });
    const location = await create('FCR04');
    await eventually(async () =>
      (await calls('Image_Disk_Create_DM', 'FCR04')).length ? 1 : undefined,
    );
    await stack.stopWorkerProcess(); // SIGTERM; the grace (1 s) ends before the call does
    await release();
    await stack.startWorkerProcess();
    const op = await ended(location);

    expect(op.status).toBe('succeeded');
    expect(await calls('Image_Create_DM', 'FCR04')).toHaveLength(1);
    expect(await calls('Image_Disk_Create_DM', 'FCR04')).toHaveLength(1);
    const disks = await stack.http('GET', '/guests/FCR04/disks');
    expect(disks.body.output.minidisks.map((d: { vdev: string }) => d.vdev)).toEqual(['0100']);
  });

  it('unwinds an operation whose workers died twice: undone, ended once, line free', async () => {
    // each disk call is held, then its connection drops without any change (a lost call)
    await fault({
      function: 'Image_Disk_Create_DM',
      target: 'FCR03',
      hold: true,
      crash: 'socket',
      times: 0,
    });
    const location = await create('FCR03');
    await crashDuring('Image_Disk_Create_DM', 'FCR03', 1);
    await crashDuring('Image_Disk_Create_DM', 'FCR03', 2);
    const op = await ended(location);
    await request(stack.simUrl, 'DELETE', '/admin/faults');

    expect(op.status).toBe('failed');
    expect(op.response.errmsg).toMatch(/abandoned|could not complete/);
    // the user it defined is gone again, and so is the record: row and hypervisor agree
    expect(await users()).not.toContain('FCR03');
    expect((await stack.http('GET', '/guests')).body.output).not.toContain('FCR03');
    expect(await calls('Image_Create_DM', 'FCR03')).toHaveLength(1);
    // ended exactly once: it stays as it ended
    await new Promise((r) => setTimeout(r, 1500));
    expect((await stack.http('GET', location)).body.output).toMatchObject({
      status: 'failed',
      finished_at: op.finished_at,
    });
    // the guest's line is free: a new create of the same guest runs at once
    const again = await stack.http('POST', '/guests', {
      body: { guest: { userid: 'FCR03', vcpus: 1, memory: 512 } },
    });
    expect(again.status).toBe(200);
  }, 90_000);

  it('adopts a relocation in flight when its worker died: one VMRELOCATE, row agrees', async () => {
    const kit = crashKit(stack);
    const created = await stack.http('POST', '/guests', {
      body: { guest: { userid: 'FMG01', vcpus: 1, memory: 512 } },
    });
    expect(created.status).toBe(200);
    const act = (body: object, headers: Record<string, string> = {}) =>
      stack.http('POST', '/guests/FMG01/action', { body, headers });
    expect((await act({ action: 'start' })).status).toBe(200);
    // the move is held while its worker dies; the next worker finds it done and adopts it (the
    // wait for a relocation still in progress is proved in live-migrate.handler.spec.ts)
    await fault({ function: 'VMRELOCATE', target: 'FMG01', hold: true });
    const res = await act(
      { action: 'live_migrate_vm', destination: 'HVSIM2', lgr_action: 'move' },
      { prefer: 'respond-async' },
    );
    expect(res.status).toBe(202);
    await kit.crashDuring('VMRELOCATE', 'FMG01');
    const op = await ended(res.headers.get('location')!);

    expect(op.status).toBe('succeeded');
    expect(op.attempts).toBe(2);
    expect(op.steps.filter((s: { name: string }) => s.name === 'relocate').pop().detail).toMatch(
      /adopted/,
    );
    expect(await kit.calls('VMRELOCATE', 'FMG01')).toHaveLength(1);
    // the resumed step asked CP whether a relocation was running and where the guest is
    const asked = (await kit.log()).map((c) => c.command);
    expect(asked).toEqual(
      expect.arrayContaining(['QUERY VMRELOCATE FMG01', 'QUERY USER FMG01 AT ALL']),
    );
    // the hypervisor and the record agree: it runs on HVSIM2 and is no longer managed here
    expect(await kit.simUser('FMG01')).toMatchObject({ power: 'on', member: 'HVSIM2' });
    expect((await stack.http('GET', '/guests')).body.output).not.toContain('FMG01');
    // its line is free: registered again, an operation on it runs
    expect((await act({ action: 'register_vm', meta: '{"os_version": "rhel9"}' })).status).toBe(
      200,
    );
    expect((await act({ action: 'stop' })).status).toBe(200);
  });

  it('cancel while no worker is alive: the redelivered job undoes what it did, ends cancelled', async () => {
    const kit = crashKit(stack);
    await fault({ function: 'Image_Disk_Create_DM', target: 'FCR06', hold: true });
    const res = await stack.http('POST', '/guests', {
      body: guestBody({ userid: 'FCR06', disks: [disk('1g'), disk('1g')] }),
      headers: { prefer: 'respond-async' },
    });
    expect(res.status).toBe(202);
    const location = res.headers.get('location')!;
    const id = location.split('/').pop()!;
    // the only worker dies during the first disk create; the call itself completes
    const held = await eventually(async () =>
      (await kit.calls('Image_Disk_Create_DM', 'FCR06')).find((c) => c.end === null),
    );
    await stack.killWorkerProcess();
    await kit.release();
    await eventually(async () =>
      (await kit.calls('Image_Disk_Create_DM', 'FCR06')).find(
        (c) => c.seq === held.seq && c.end !== null,
      ),
    );
    const cancel = await stack.http('POST', `/operations/${id}/cancel`, {
      headers: { prefer: 'respond-async' },
    });
    expect(cancel.status).toBe(202);
    await stack.startWorkerProcess();
    const op = await ended(location);

    expect(op.status).toBe('cancelled');
    const names = op.steps.map((s: { name: string }) => s.name);
    expect(names).toEqual(expect.arrayContaining(['undo record guest', 'undo define user']));
    // no step after the cancel: the second disk was never asked for
    expect(names).not.toContain('create disk 0101');
    expect(await kit.calls('Image_Disk_Create_DM', 'FCR06')).toHaveLength(1);
    // nothing of it stays: user, disks, guest row
    expect(await users()).not.toContain('FCR06');
    expect((await stack.http('GET', '/guests')).body.output).not.toContain('FCR06');
    const again = await stack.http('POST', '/guests', {
      body: { guest: { userid: 'FCR06', vcpus: 1, memory: 512 } },
    });
    expect(again.status).toBe(200);
  });

  it('cancels an operation whose job BullMQ gave up on: undone, cancelled, waiter told', async () => {
    await fault({ function: 'Image_Disk_Create_DM', target: 'FCR05', hold: true });
    const location = await create('FCR05');
    const id = location.split('/').pop()!;
    await eventually(async () =>
      (await calls('Image_Disk_Create_DM', 'FCR05')).length ? 1 : undefined,
    );
    await stack.killWorkerProcess();
    await release();
    // BullMQ gives up on the job (as after too many stalls) while its row still says running
    const connection = new IORedis(stack.config.REDIS_URL, { maxRetriesPerRequest: null });
    const queue = new Queue(JOB_CATALOGUE['guest.create'].queue, {
      connection,
      prefix: stack.config.QUEUE_PREFIX,
    });
    try {
      const job = (await queue.getJob(id))!;
      // no further attempt, as for a job failed for stalling
      await job.moveToFailed(new UnrecoverableError('job stalled more than allowable limit'), '0');
      expect(await job.getState()).toBe('failed');
    } finally {
      await queue.close();
      connection.disconnect();
    }
    expect((await stack.http('GET', location)).body.output.status).toBe('running');

    const waiter = stack.http('GET', `${location}?wait=40`);
    const cancel = await stack.http('POST', `/operations/${id}/cancel`, {
      headers: { prefer: 'respond-async' },
    });
    expect(cancel.status).toBe(202);
    await stack.startWorkerProcess();
    const op = await ended(location);

    expect(op.status).toBe('cancelled');
    expect((await waiter).body.output).toMatchObject({ status: 'cancelled' });
    // undone: the user it defined is gone again, as is the record
    expect(await users()).not.toContain('FCR05');
    expect((await stack.http('GET', '/guests')).body.output).not.toContain('FCR05');
    expect(await calls('Image_Create_DM', 'FCR05')).toHaveLength(1);
    // the guest's line is free
    const again = await stack.http('POST', '/guests', {
      body: { guest: { userid: 'FCR05', vcpus: 1, memory: 512 } },
    });
    expect(again.status).toBe(200);
  });

  it('finishes an operation whose job Redis lost mid-step while its worker lives', async () => {
    // the step outlasts two lock periods: its row is untouched meanwhile, as a dead worker's is
    await fault({ function: 'Image_Disk_Create_DM', target: 'FCR07', hang_ms: 4000 });
    const location = await create('FCR07');
    const id = location.split('/').pop()!;
    await eventually(async () =>
      (await calls('Image_Disk_Create_DM', 'FCR07')).length ? 1 : undefined,
    );
    // Redis loses the running job (a fail-over to a replica that had not received it yet)
    const queue = JOB_CATALOGUE['guest.create'].queue;
    const key = `${stack.config.QUEUE_PREFIX}:${queue}`;
    const connection = new IORedis(stack.config.REDIS_URL, { maxRetriesPerRequest: null });
    try {
      await connection.lrem(`${key}:active`, 0, id);
      expect(await connection.del(`${key}:${id}`, `${key}:${id}:lock`)).toBe(2);
    } finally {
      connection.disconnect();
    }
    const op = await ended(location);

    // the live worker's run ends it; nothing it did is undone under it
    expectSucceeded(op, () => stack.workerOutput());
    expect(await users()).toContain('FCR07');
    expect((await stack.http('GET', '/guests')).body.output).toContain('FCR07');
    expect(await calls('Image_Create_DM', 'FCR07')).toHaveLength(1);
    expect(await calls('Image_Disk_Create_DM', 'FCR07')).toHaveLength(1);
    // and it stays as it ended
    await new Promise((r) => setTimeout(r, 3000));
    expect((await stack.http('GET', location)).body.output.status).toBe('succeeded');
    expect(await users()).toContain('FCR07');
  });
});
