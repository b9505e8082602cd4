import { createServer } from 'node:net';
import { request } from './support/http.js';
import { TestStack } from './support/stack.js';
import { bootDisk, disk, guestBody, type DiskSpec } from './support/fixtures.js';

/** A loopback port nobody listens on now (the worker's metrics port must be named up front). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** The value of one series of a Prometheus text page, or undefined when it is not there. */
function sample(page: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of page.split('\n')) {
    const m = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries(
      [...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[3]);
  }
  return undefined;
}

/**
 * Issue #59 item 5: a worker in its own process serves its Prometheus metrics on
 * WORKER_METRICS_PORT, behind the api's /metrics credentials: operations started and ended,
 * their steps' and their own durations, hypervisor calls by function and rc, undo runs, and
 * each queue's depth and oldest waiting job.
 */
describe('worker metrics', () => {
  let stack: TestStack;
  let port: number;
  const scrape = (headers: Record<string, string> = {}) =>
    request(`http://127.0.0.1:${port}`, 'GET', '/metrics', { headers });
  const basic = () => ({
    authorization: `Basic ${Buffer.from(`admin:${stack.adminToken}`).toString('base64')}`,
  });
  const page = async () => {
    const res = await scrape(basic());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return res.text;
  };
  const create = (userid: string, disks: DiskSpec[]) =>
    stack.http('POST', '/guests', { body: guestBody({ userid, disks }) });

  beforeAll(async () => {
    port = await freePort();
    stack = await TestStack.start({
      worker: 'process',
      env: { WORKER_METRICS_PORT: String(port) },
    });
  });
  afterAll(() => stack?.close());

  it('asks for the operator credentials the api asks for on /metrics', async () => {
    const none = await scrape();
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toContain('Basic');
    // the api's own refusal, envelope and all
    const api = await request(stack.url, 'GET', '/metrics');
    expect(api.status).toBe(401);
    expect(none.body).toEqual(api.body);
    const wrong = await scrape({
      authorization: `Basic ${Buffer.from('admin:nope').toString('base64')}`,
    });
    expect(wrong.status).toBe(401);
    // a token the api issued is accepted, as on the api's /metrics
    const token = await stack.token();
    expect((await scrape({ 'x-auth-token': token })).status).toBe(200);
    expect((await scrape(basic())).status).toBe(200);
    expect((await request(`http://127.0.0.1:${port}`, 'GET', '/other')).status).toBe(404);
  });

  it('counts a created guest, a failed create and its undo, and the calls they made', async () => {
    expect((await create('wmok01', [bootDisk('10')])).status).toBe(200);
    // the second disk cannot be made: the first disk and the user are undone
    const fault = await request(stack.simUrl, 'POST', '/admin/faults', {
      body: {
        function: 'Image_Disk_Create_DM',
        target: 'WMBAD01',
        match: '"vdev":"0101"',
        rc: 596,
        rs: 3474,
      },
    });
    expect(fault.status).toBe(201);
    const failed = await create('wmbad01', [bootDisk('10'), disk('20')]);
    expect(failed.status).toBe(500);
    expect(failed.body).toMatchObject({ rc: 596, rs: 3474 });

    const text = await page();
    const kind = 'guest.create';
    expect(sample(text, 'hvo_worker_operations_started_total', { kind })).toBe(2);
    expect(sample(text, 'hvo_worker_operations_ended_total', { kind, status: 'succeeded' })).toBe(
      1,
    );
    expect(sample(text, 'hvo_worker_operations_ended_total', { kind, status: 'failed' })).toBe(1);
    expect(
      sample(text, 'hvo_worker_operation_duration_seconds_count', { kind, status: 'succeeded' }),
    ).toBe(1);
    expect(
      sample(text, 'hvo_worker_operation_duration_seconds_count', { kind, status: 'failed' }),
    ).toBe(1);
    expect(
      sample(text, 'hvo_worker_operation_duration_seconds_sum', { kind, status: 'failed' }),
    ).toBeGreaterThan(0);
    // steps: every ok one of both operations, the undo steps among them, and the one that failed
    expect(
      sample(text, 'hvo_worker_step_duration_seconds_count', { kind, result: 'ok' }),
    ).toBeGreaterThanOrEqual(4);
    expect(sample(text, 'hvo_worker_step_duration_seconds_count', { kind, result: 'failed' })).toBe(
      1,
    );
    expect(sample(text, 'hvo_worker_undo_runs_total', { kind, outcome: 'done' })).toBe(1);
    expect(sample(text, 'hvo_worker_undo_runs_total', { kind, outcome: 'left' })).toBe(0);
    // hypervisor calls by function and rc: the refused disk and the ones that were made
    const calls = (fn: string, rc: string) =>
      sample(text, 'hvo_worker_hypervisor_calls_total', { function: fn, rc });
    expect(calls('Image_Disk_Create_DM', '596')).toBe(1);
    expect(calls('Image_Disk_Create_DM', '0')).toBe(2);
    expect(calls('Image_Create_DM', '0')).toBe(2);
    expect(calls('Image_Delete_DM', '0')).toBe(1);
    expect(
      sample(text, 'hvo_worker_hypervisor_call_duration_seconds_count', {
        function: 'Image_Disk_Create_DM',
        rc: '596',
      }),
    ).toBe(1);
    // queue gauges, read when scraped: nothing waits now
    expect(sample(text, 'hvo_worker_queue_waiting_jobs', { queue: 'guest-lifecycle' })).toBe(0);
    expect(
      sample(text, 'hvo_worker_queue_oldest_waiting_seconds', { queue: 'guest-lifecycle' }),
    ).toBe(0);
    expect(sample(text, 'hvo_worker_in_doubt_settles_total', { kind, outcome: 'adopted' })).toBe(0);
  });
});
