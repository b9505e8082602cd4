import { eventually, request } from '../support/http.js';
import { TestStack } from '../support/stack.js';
import { disksOf, guestBody } from '../support/fixtures.js';

interface Op {
  status: string;
  steps: { name: string; result: string | null }[];
}

/**
 * The hypervisor link down for longer than the old three quick attempts (about 3 s): operations
 * wait it out within HV_OUTAGE_BUDGET_S and complete; an undo that cannot run leaves the
 * operation needs_attention, and the worker finishes the undo once the hypervisor is back.
 */
describe('faults: hypervisor outage and failing undo', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await TestStack.start({
      worker: 'process',
      env: { WORKER_LOCK_S: '2', RECONCILE_INTERVAL_S: '1', HV_OUTAGE_BUDGET_S: '120' },
    });
  });
  afterAll(() => stack.close());

  const state = async () =>
    (await request(stack.simUrl, 'GET', '/admin/state')).body as {
      users: { userid: string; disks?: unknown[] }[];
    };
  const ended = (location: string, statuses = ['succeeded', 'failed', 'cancelled']) =>
    eventually(async () => {
      const r = await stack.http('GET', location);
      return statuses.includes(r.body.output.status) ? (r.body.output as Op) : undefined;
    }, 90_000);
  const create = async (userid: string, disks: number) => {
    const res = await stack.http('POST', '/guests', {
      body: guestBody({ userid, disks: disksOf(disks, '1g') }),
      headers: { prefer: 'respond-async' },
    });
    expect(res.status).toBe(202);
    return res.headers.get('location')!;
  };

  it('completes creates across an outage longer than the old retry window', async () => {
    const ids = ['OUT01', 'OUT02', 'OUT03', 'OUT04', 'OUT05'];
    // each create's first call hangs, so all are in flight when the link goes
    for (const userid of ids) {
      await request(stack.simUrl, 'POST', '/admin/faults', {
        body: { function: 'Image_Create_DM', target: userid, hang_ms: 800 },
      });
    }
    const locations = await Promise.all(ids.map((id) => create(id, 1)));
    await new Promise((r) => setTimeout(r, 300));
    await stack.stopSimulator();
    await new Promise((r) => setTimeout(r, 6000));
    await stack.restartSimulator();

    const ops = await Promise.all(locations.map((l) => ended(l)));
    expect(ops.map((o) => o.status)).toEqual(ids.map(() => 'succeeded'));
    // the hypervisor agrees with the rows: each user once, with its one minidisk
    const users = (await state()).users.filter((u) => ids.includes(u.userid));
    expect(users.map((u) => u.userid).sort()).toEqual(ids);
    for (const userid of ids) {
      const disks = await stack.http('GET', `/guests/${userid}/disks`);
      expect(disks.body.output.minidisks.map((d: { vdev: string }) => d.vdev)).toEqual(['0100']);
    }
  });

  it('keeps an operation needs_attention while its undo cannot run, then undoes it', async () => {
    const fault = (body: object) => request(stack.simUrl, 'POST', '/admin/faults', { body });
    // the second disk fails (a refusal, final); the undo, deleting the user, fails until cleared
    await fault({
      function: 'Image_Disk_Create_DM',
      target: 'UNDO01',
      match: '"vdev":"0101"',
      rc: 596,
      rs: 3,
    });
    await fault({ function: 'Image_Delete_DM', target: 'UNDO01', crash: 'http500', times: 0 });
    const location = await create('UNDO01', 2);

    const stuck = await ended(location, ['needs_attention', 'failed', 'succeeded']);
    expect(stuck.status).toBe('needs_attention');
    expect(stuck.steps).toContainEqual(
      expect.objectContaining({ name: 'undo define user', result: 'failed' }),
    );
    const ready = await stack.http('GET', '/health/ready');
    expect(ready.body.output.needs_attention).toBeGreaterThanOrEqual(1);
    const metrics = await request(stack.url, 'GET', '/metrics', {
      headers: {
        authorization: `Basic ${Buffer.from(`prometheus:${stack.adminToken}`).toString('base64')}`,
      },
    });
    expect(metrics.text).toMatch(/status="needs_attention"\} [1-9]/);
    // the guest's line is free meanwhile
    expect((await state()).users.map((u) => u.userid)).toContain('UNDO01');

    await request(stack.simUrl, 'DELETE', '/admin/faults');
    const op = await ended(location);
    expect(op.status).toBe('failed');
    expect((await state()).users.map((u) => u.userid)).not.toContain('UNDO01');
    expect((await stack.http('GET', '/guests')).body.output).not.toContain('UNDO01');
  });
});
