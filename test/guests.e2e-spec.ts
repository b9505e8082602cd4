import { eventually, request } from './support/http.js';
import { TestStack } from './support/stack.js';
import { bootDisk, disk, guestBody } from './support/fixtures.js';

/** Guest lifecycle through HTTP: create with disks, power, delete — each change a job. */
describe('guests', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await TestStack.start({ worker: 'in-process' });
  });
  afterAll(() => stack.close());

  const simState = async () => (await request(stack.simUrl, 'GET', '/admin/state')).body;
  const simUser = async (id: string) => (await simState()).users.find((u: any) => u.userid === id);
  const fault = (f: object) => request(stack.simUrl, 'POST', '/admin/faults', { body: f });

  it('creates a guest with two disks, starts, stops asynchronously and deletes it', async () => {
    const created = await stack.http('POST', '/guests', {
      body: guestBody({
        userid: 'life01',
        vcpus: 2,
        memory: 2048,
        disks: [bootDisk('1g'), disk('500M', { format: 'xfs', disk_pool: 'FBA:FBAPOOL1' })],
      }),
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      overallRC: 0,
      rc: 0,
      rs: 0,
      errmsg: '',
      modID: null,
      output: [
        { vdev: '0100', size: '1g', is_boot_disk: true, disk_pool: 'ECKD:POOL1' },
        { vdev: '0101', size: '500M', format: 'xfs', disk_pool: 'FBA:FBAPOOL1' },
      ],
    });

    const user = await simUser('LIFE01');
    expect(user.directory).toEqual(
      expect.arrayContaining(['USER LIFE01 LBYONLY 2G 64G G', 'INCLUDE OSDFLT', 'IPL 0100']),
    );
    expect(user.directory.filter((l: string) => l.startsWith('MDISK'))).toHaveLength(2);

    expect((await stack.http('GET', '/guests')).body.output).toContain('LIFE01');
    const def = await stack.http('GET', '/guests/life01');
    expect(def.body.output.user_direct[0]).toBe('USER LIFE01 LBYONLY 2G 64G G');
    const masked = await stack.http('GET', '/guests/LIFE01/user_direct');
    expect(masked.body.output.user_direct[0]).toBe('USER LIFE01 ****** 2G 64G G ');

    expect((await stack.http('GET', '/guests/LIFE01/power_state')).body.output).toBe('off');
    const start = await stack.http('POST', '/guests/LIFE01/action', { body: { action: 'start' } });
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({ overallRC: 0, output: '' });
    expect((await stack.http('GET', '/guests/LIFE01/power_state')).body.output).toBe('on');

    const stop = await stack.http('POST', '/guests/LIFE01/action', {
      body: { action: 'stop' },
      headers: { prefer: 'respond-async' },
    });
    expect(stop.status).toBe(202);
    expect(stop.headers.get('preference-applied')).toBe('respond-async');
    expect(Number(stop.headers.get('retry-after'))).toBeGreaterThan(0);
    const location = stop.headers.get('location')!;
    expect(location).toMatch(/^\/operations\/[0-9a-f-]{36}$/);
    expect(stop.body.output).toMatchObject({ kind: 'guest.stop', target: 'LIFE01' });
    expect(['queued', 'running', 'succeeded']).toContain(stop.body.output.status);

    const done = await eventually(async () => {
      const op = await stack.http('GET', location);
      return op.body.output.status === 'succeeded' ? op.body.output : undefined;
    });
    expect(done.response).toEqual({
      overallRC: 0,
      rc: 0,
      rs: 0,
      errmsg: '',
      modID: null,
      output: '',
    });
    expect(done.steps.map((s: any) => [s.name, s.result])).toEqual([['deactivate', 'ok']]);
    expect(done.finished_at).not.toBeNull();
    expect((await stack.http('GET', '/guests/LIFE01/power_state')).body.output).toBe('off');

    const del = await stack.http('DELETE', '/guests/LIFE01');
    expect(del.status).toBe(200);
    expect(await simUser('LIFE01')).toBeUndefined();
    expect((await stack.http('GET', '/guests')).body.output).not.toContain('LIFE01');
    const gone = await stack.http('GET', '/guests/LIFE01/power_state');
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({
      overallRC: 404,
      rs: 1,
      modID: 10,
      errmsg: "Guest 'LIFE01' does not exist.",
    });
    expect((await stack.http('GET', '/guests/LIFE01/power_state_real')).body.output).toBe('off');
  });

  it('frees the disks of a deleted guest in the pool', async () => {
    const pool = async () => (await simState()).pools.find((p: any) => p.name === 'POOL1').free;
    const before = await pool();
    await stack.http('POST', '/guests', {
      body: guestBody({ userid: 'POOL01', disks: [disk('100')] }),
    });
    expect(await pool()).toBe(before - 100);
    await stack.http('DELETE', '/guests/POOL01');
    expect(await pool()).toBe(before);
  });

  it('answers a duplicate with 409 and an unknown profile with 404', async () => {
    const body = { guest: { userid: 'DUP01', vcpus: 1, memory: 512 } };
    expect((await stack.http('POST', '/guests', { body })).status).toBe(200);
    const dup = await stack.http('POST', '/guests', { body });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ overallRC: 8, rc: 400, rs: 8, modID: 1 });
    const prof = await stack.http('POST', '/guests', {
      body: { guest: { userid: 'PROF01', vcpus: 1, memory: 512, user_profile: 'notexist' } },
    });
    expect(prof.status).toBe(404);
    expect(prof.body).toMatchObject({
      overallRC: 404,
      rc: 404,
      rs: 1,
      modID: 10,
      errmsg: "Profile 'NOTEXIST' does not exist.",
    });
    expect((await stack.http('GET', '/guests')).body.output).not.toContain('PROF01');
  });

  it('undoes a half-done create when a disk cannot be made', async () => {
    await fault({
      function: 'Image_Disk_Create_DM',
      target: 'HALF01',
      rc: 596,
      rs: 3474,
      times: 1,
    });
    const pool = (await simState()).pools.find((p: any) => p.name === 'POOL1').free;
    const res = await stack.http('POST', '/guests', {
      body: guestBody({ userid: 'HALF01', disks: [disk('10'), disk('10')] }),
    });
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ overallRC: 8, rc: 596, rs: 3474, modID: 1 });
    expect(await simUser('HALF01')).toBeUndefined();
    expect((await simState()).pools.find((p: any) => p.name === 'POOL1').free).toBe(pool);
    expect((await stack.http('GET', '/guests')).body.output).not.toContain('HALF01');
  });

  it('answers unknown guests: 404 for actions and reads, 200 for delete', async () => {
    const start = await stack.http('POST', '/guests/NOTEXIST/action', {
      body: { action: 'start' },
    });
    expect(start.status).toBe(404);
    expect(start.body.errmsg).toBe("Guest 'NOTEXIST' does not exist.");
    expect((await stack.http('GET', '/guests/NOTEXIST')).status).toBe(404);
    const del = await stack.http('DELETE', '/guests/NOTEXIST');
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({ overallRC: 0, output: '' });
  });

  it('maps a hypervisor refusal during an action to the envelope and status', async () => {
    await stack.http('POST', '/guests', {
      body: { guest: { userid: 'FAIL01', vcpus: 1, memory: 512 } },
    });
    await fault({ function: 'Image_Activate', target: 'FAIL01', rc: 200, rs: 4, times: 1 });
    const res = await stack.http('POST', '/guests/FAIL01/action', { body: { action: 'start' } });
    expect(res.status).toBe(404); // (8,200,4) under the not-found rule of actions
    expect(res.body).toMatchObject({ overallRC: 8, rc: 200, rs: 4, modID: 1 });
    const ops = await stack.http('GET', '/operations?userid=FAIL01&kind=guest.start');
    const op = ops.body.output.operations[0];
    expect(op).toMatchObject({ status: 'failed', http_status: 404 });
    expect(op.steps[0]).toMatchObject({ name: 'activate', result: 'failed', rc: 200, rs: 4 });
  });

  it('answers 202 when Prefer: wait runs out, and the operation completes later', async () => {
    await stack.http('POST', '/guests', {
      body: { guest: { userid: 'SLOW01', vcpus: 1, memory: 512 } },
    });
    await fault({ function: 'Image_Activate', target: 'SLOW01', hang_ms: 2500, times: 1 });
    const t0 = Date.now();
    const res = await stack.http('POST', '/guests/SLOW01/action', {
      body: { action: 'start' },
      headers: { prefer: 'wait=1' },
    });
    expect(res.status).toBe(202);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(900);
    expect(res.headers.get('preference-applied')).toBe('wait=1');
    const op = await stack.http('GET', `${res.headers.get('location')}?wait=10`);
    expect(op.body.output.status).toBe('succeeded');
    expect((await stack.http('GET', '/guests/SLOW01/power_state')).body.output).toBe('on');
  });

  it('answers 404 for an unknown operation', async () => {
    const res = await stack.http('GET', '/operations/00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(404);
    expect(res.body.overallRC).toBe(404);
  });
});
