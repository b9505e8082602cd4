import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { repoRoot } from '#config';
import { eventually, request } from './support/http.js';
import { TestStack } from './support/stack.js';

/** A queue of GET /host/drain (`by`, `waiting`, `active` are read by toMatchObject). */
type DrainQueue = { name: string; draining: boolean; since: string | null; [k: string]: unknown };

const fingerprint = (token: string) =>
  `token:${createHash('sha256').update(token).digest('hex').slice(0, 12)}`;

/** Long enough for the worker's reconcile passes (every second here) to have run a few times. */
const settle = () => new Promise((r) => setTimeout(r, 3000));

/**
 * Issue #59 item 6, drain and resume: a drained queue lets its running operations finish and
 * holds new ones queued (their 202 says so) until resumed, across restarts of the worker and
 * the api, and of Redis losing everything.
 */
describe('drain and resume', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await TestStack.start({
      worker: 'process',
      env: { RECONCILE_INTERVAL_S: '1', WORKER_LOCK_S: '2' },
    });
  });
  afterAll(() => stack.close());
  afterEach(async () => {
    await stack.http('POST', '/host/resume');
  });

  const sim = (method: string, path: string, body?: unknown) =>
    request(stack.simUrl, method, path, { body });
  const simPower = async (userid: string): Promise<string> =>
    (await sim('GET', '/admin/state')).body.users.find(
      (u: { userid: string }) => u.userid === userid,
    ).power;
  const create = async (userid: string) => {
    const res = await stack.http('POST', '/guests', {
      body: { guest: { userid, vcpus: 1, memory: 512 } },
    });
    expect(res.status).toBe(200);
  };
  const start = (userid: string, headers: Record<string, string> = {}) =>
    stack.http('POST', `/guests/${userid}/action`, { body: { action: 'start' }, headers });
  const ended = (location: string) =>
    eventually(async () => {
      const r = await stack.http('GET', location);
      return ['succeeded', 'failed', 'cancelled'].includes(r.body.output.status)
        ? r.body.output
        : undefined;
    }, 30_000);
  const queue = (state: { queues: DrainQueue[] }, name: string) =>
    state.queues.find((q) => q.name === name)!;

  it('holds a submitted start until resume, across worker and api restarts', async () => {
    await create('DRN01');
    const drained = await stack.http('POST', '/host/drain', {
      headers: { 'x-request-id': 'drain-req-0001' },
    });
    expect(drained.status).toBe(200);
    expect(drained.body.output.draining).toBe(true);
    const lifecycle = queue(drained.body.output, 'guest-lifecycle');
    expect(lifecycle).toMatchObject({ draining: true, by: fingerprint(await stack.token()) });
    expect(Date.parse(lifecycle.since!)).not.toBeNaN();
    expect(drained.body.output.queues.every((q: DrainQueue) => q.draining)).toBe(true);
    expect(await stack.outputWith('api', 'drain of', 'drain-req-0001')).toBeTruthy();

    // a waited request is answered at once, 202, held: it could not end within any wait
    const res = await start('DRN01');
    expect(res.status).toBe(202);
    expect(res.headers.get('operation-held')).toBe('draining');
    expect(res.body.output).toMatchObject({ status: 'queued', held: 'draining' });
    const location = res.headers.get('location')!;
    // reads that do not go through a queue keep answering
    expect((await stack.http('GET', '/guests/DRN01/power_state')).body.output).toBe('off');

    await stack.stopWorkerProcess();
    await stack.startWorkerProcess();
    await stack.restartApi();
    await settle();

    const held = await stack.http('GET', location);
    expect(held.body.output).toMatchObject({ status: 'queued', held: 'draining' });
    expect(await simPower('DRN01')).toBe('off');
    const state = await stack.http('GET', '/host/drain');
    expect(state.body.output.draining).toBe(true);
    expect(queue(state.body.output, 'guest-lifecycle').waiting).toBeGreaterThanOrEqual(1);

    const resumed = await stack.http('POST', '/host/resume');
    expect(resumed.status).toBe(200);
    expect(resumed.body.output.draining).toBe(false);
    expect(queue(resumed.body.output, 'guest-lifecycle')).toMatchObject({
      draining: false,
      since: null,
      by: null,
    });
    const op = await ended(location);
    expect(op.status).toBe('succeeded');
    expect(op.held).toBeUndefined();
    expect(await simPower('DRN01')).toBe('on');
  });

  it('lets a running operation finish while draining', async () => {
    await create('DRN02');
    await sim('POST', '/admin/faults', { function: 'Image_Activate', target: 'DRN02', hold: true });
    const res = await start('DRN02', { prefer: 'respond-async' });
    expect(res.status).toBe(202);
    const location = res.headers.get('location')!;
    await eventually(async () => {
      const calls = (await sim('GET', '/admin/calls')).body.calls as { function: string }[];
      return calls.some((c) => c.function === 'Image_Activate') ? true : undefined;
    });
    const drained = await stack.http('POST', '/host/drain');
    expect(queue(drained.body.output, 'guest-lifecycle').active).toBe(1);
    await sim('POST', '/admin/faults/release');
    const op = await ended(location);
    expect(op.status).toBe('succeeded');
    expect(await simPower('DRN02')).toBe('on');
  });

  it('drains one queue with ?queue=, and refuses a queue it does not know', async () => {
    await create('DRN03');
    const one = await stack.http('POST', '/host/drain?queue=network');
    expect(one.status).toBe(200);
    expect(one.body.output.draining).toBe(true);
    expect(queue(one.body.output, 'network').draining).toBe(true);
    expect(queue(one.body.output, 'guest-lifecycle').draining).toBe(false);
    const basic = Buffer.from(`prometheus:${stack.adminToken}`).toString('base64');
    const metrics = await request(stack.url, 'GET', '/metrics', {
      headers: { authorization: `Basic ${basic}` },
    });
    expect(metrics.text).toMatch(/^hvo_queue_draining\{queue="network"\} 1$/m);
    expect(metrics.text).toMatch(/^hvo_queue_draining\{queue="guest-lifecycle"\} 0$/m);
    // the Bull dashboard shows the drained queue paused
    const board = await request(stack.url, 'GET', '/admin/queues/api/queues', {
      headers: { authorization: `Basic ${basic}` },
    });
    const paused = (board.body.queues as { name: string; isPaused: boolean }[])
      .filter((q) => q.isPaused)
      .map((q) => q.name);
    expect(paused).toEqual(['network']);
    // another queue's operations run as ever
    expect((await start('DRN03')).status).toBe(200);
    expect((await stack.http('POST', '/host/resume?queue=network')).body.output.draining).toBe(
      false,
    );

    for (const path of ['/host/drain?queue=nope', '/host/resume?queue=webhooks']) {
      const bad = await stack.http('POST', path);
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ overallRC: 400, rc: 400, rs: 400 });
      expect(bad.body.errmsg).toContain('queue');
    }
  });

  it("answers a resolve at once when its undo's queue is drained", async () => {
    // a create whose second disk fails and whose undo (deleting the user) fails too
    const fault = (f: object) => sim('POST', '/admin/faults', f);
    await fault({
      function: 'Image_Disk_Create_DM',
      target: 'DRN06',
      match: '"vdev":"0101"',
      rc: 596,
      rs: 3,
    });
    await fault({ function: 'Image_Delete_DM', target: 'DRN06', crash: 'http500', times: 0 });
    const res = await stack.http('POST', '/guests', {
      body: {
        guest: {
          userid: 'DRN06',
          vcpus: 1,
          memory: 512,
          disk_list: [{ size: '10' }, { size: '10' }],
        },
      },
      headers: { prefer: 'respond-async' },
    });
    const location = res.headers.get('location')!;
    await eventually(async () =>
      (await stack.http('GET', location)).body.output.status === 'needs_attention' ? 1 : undefined,
    );
    await stack.http('POST', '/host/drain?queue=maintenance');
    const resolve = await stack.http('POST', `${location}/resolve`, { body: {} });
    expect(resolve.status).toBe(202);
    expect(resolve.headers.get('operation-held')).toBe('draining');
    expect(resolve.body.output).toMatchObject({ status: 'needs_attention', held: 'draining' });
    await sim('DELETE', '/admin/faults');
    await stack.http('POST', '/host/resume?queue=maintenance');
    expect((await ended(location)).status).toBe('failed');
  });

  it('needs credentials', async () => {
    for (const [method, path] of [
      ['GET', '/host/drain'],
      ['POST', '/host/drain'],
      ['POST', '/host/resume'],
    ]) {
      expect((await request(stack.url, method, path)).status).toBe(401);
    }
    expect((await stack.http('GET', '/host/drain')).body.output.draining).toBe(false);
  });

  it('holds what the worker enqueues again after Redis lost everything', async () => {
    await create('DRN04');
    await stack.http('POST', '/host/drain');
    const res = await start('DRN04', { prefer: 'respond-async' });
    const location = res.headers.get('location')!;
    await stack.stopWorkerProcess();
    // Redis restarted empty: the queues' keys (their pause with them) are gone
    const redis = new Redis(stack.env.REDIS_URL);
    try {
      const keys = await redis.keys(`*${stack.env.QUEUE_PREFIX}*`);
      if (keys.length) await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
    await stack.startWorkerProcess();
    // the operation's lost job is enqueued again by the reconcile pass, into a paused queue
    await stack.outputWith('worker', 'lost its job before it started');
    await settle();
    expect((await stack.http('GET', location)).body.output).toMatchObject({
      status: 'queued',
      held: 'draining',
    });
    expect(await simPower('DRN04')).toBe('off');
    await stack.http('POST', '/host/resume');
    expect((await ended(location)).status).toBe('succeeded');
  });

  describe('hvctl host', () => {
    let home: string;
    beforeAll(() => {
      home = mkdtempSync(join(tmpdir(), 'hvctl-'));
    });
    afterAll(() => rmSync(home, { recursive: true, force: true }));

    const hvctl = (args: string[]) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          [join(repoRoot(), 'dist/apps/cli/src/main.js'), ...args],
          {
            env: {
              PATH: process.env.PATH,
              HOME: home,
              HVCTL_URL: stack.url,
              HVCTL_ADMIN_TOKEN_FILE: stack.config.TOKEN_PATH,
              HVCTL_TOKEN_CACHE: join(home, 'tokens.json'),
            },
          },
          (err, stdout, stderr) =>
            resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
        );
      });

    it('drains, shows and resumes, as a table or as JSON', async () => {
      const drain = await hvctl(['host', 'drain', '--queue', 'guest-image']);
      expect(drain.code).toBe(0);
      expect(drain.stdout).toMatch(/^queue\s+draining\s+since\s+by\s+waiting\s+active$/m);
      expect(drain.stdout).toMatch(/^guest-image\s+yes\s+\S+\s+token:\w+\s+0\s+0$/m);
      expect(drain.stdout).toMatch(/^guest-lifecycle\s+no\s+0\s+0$/m);

      const status = await hvctl(['--output', 'json', 'host', 'drain-status']);
      expect(status.code).toBe(0);
      const body = JSON.parse(status.stdout);
      expect(body.overallRC).toBe(0);
      expect(body.output.draining).toBe(true);
      expect(queue(body.output, 'guest-image')).toMatchObject({
        draining: true,
        by: expect.stringMatching(/^token:/),
      });

      const resume = await hvctl(['--json', 'host', 'resume']);
      expect(resume.code).toBe(0);
      expect(JSON.parse(resume.stdout).output.draining).toBe(false);

      // a command whose operation is held says so at once
      await create('DRN05');
      await stack.http('POST', '/host/drain?queue=guest-lifecycle');
      const held = await hvctl(['guests', 'start', 'drn05', '--no-wait']);
      expect(held.code).toBe(0);
      expect(held.stderr).toMatch(/ is held: its queue is drained \(hvctl host resume starts it\)/);
      await stack.http('POST', '/host/resume');

      const bad = await hvctl(['host', 'drain', '--queue', 'nope']);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/^hvctl: .*queue/);
    });
  });
});
