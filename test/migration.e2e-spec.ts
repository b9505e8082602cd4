import { request } from './support/http.js';
import { TestStack } from './support/stack.js';

/** live_migrate_vm in the simulated SSI cluster, register_vm and deregister_vm. */
describe('live migration', () => {
  let stack: TestStack;
  beforeAll(async () => {
    // long, so that only the worker's word that MIG01 left can make the api forget it
    stack = await TestStack.start({
      worker: 'in-process',
      env: { MANAGED_GUESTS_CACHE_MS: '600000' },
    });
    const created = await stack.http('POST', '/guests', {
      body: { guest: { userid: 'mig01', vcpus: 2, memory: 2048 } },
    });
    expect(created.status).toBe(200);
  });
  afterAll(() => stack.close());

  const simUser = async (id: string) =>
    (await request(stack.simUrl, 'GET', '/admin/state')).body.users.find(
      (u: any) => u.userid === id,
    );
  const act = (userid: string, body: object) =>
    stack.http('POST', `/guests/${userid}/action`, { body });

  it('refuses to migrate a guest that is off (409, guest rs 1)', async () => {
    const res = await act('MIG01', {
      action: 'live_migrate_vm',
      destination: 'HVSIM2',
      lgr_action: 'test',
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ overallRC: 409, rc: 409, rs: 1, modID: 10 });
  });

  it('validates the request: destination, action, parms keys', async () => {
    const bad = [
      { action: 'live_migrate_vm', lgr_action: 'test' },
      { action: 'live_migrate_vm', destination: 'HVSIM2' },
      { action: 'live_migrate_vm', destination: 'HVSIM2', operation: 'fly' },
      { action: 'live_migrate_vm', destination: 'HV-SIM2', operation: 'test' },
      { action: 'live_migrate_vm', destination: 'HVSIM2', operation: 'move', parms: { x: 1 } },
    ];
    for (const body of bad) {
      const res = await act('MIG01', body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
    }
  });

  it('tests eligibility of a running guest: a member is fine, a non-member is not', async () => {
    expect((await act('MIG01', { action: 'start' })).status).toBe(200);

    const ok = await act('MIG01', {
      action: 'live_migrate_vm',
      destination: 'hvsim2',
      operation: 'test', // the reference's wire name
      dest_zcc_userid: null,
      parms: {},
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ overallRC: 0, output: '' });

    const stranger = await act('MIG01', {
      action: 'live_migrate_vm',
      destination: 'HVSIM9',
      lgr_action: 'test',
    });
    expect(stranger.status).toBe(500);
    expect(stranger.body).toMatchObject({ overallRC: 8, rc: 4, rs: 3000, modID: 1 });
    expect(stranger.body.errmsg).toContain('HVSIM9 is not a member of the SSI cluster');

    const self = await act('MIG01', {
      action: 'live_migrate_vm',
      destination: 'HVSIM1',
      lgr_action: 'test',
    });
    expect(self.body).toMatchObject({ rc: 4, rs: 3000 });
    expect(self.body.errmsg).toContain('already logged on to HVSIM1');
    expect((await simUser('MIG01')).member).toBe('HVSIM1');
  });

  it('honours maxtotal: a relocation that would take longer is refused and nothing moves', async () => {
    // 2 GiB at 1 GiB/s in three passes takes 2.6 s
    const res = await act('MIG01', {
      action: 'live_migrate_vm',
      destination: 'HVSIM2',
      lgr_action: 'move',
      parms: { maxtotal: 1 },
    });
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ overallRC: 8, rc: 8, rs: 3000 });
    expect(res.body.errmsg).toContain('MAXTOTAL');
    expect((await simUser('MIG01')).member).toBe('HVSIM1');
    expect((await stack.http('GET', '/guests')).body.output).toContain('MIG01');
  });

  it('moves the guest to the other member; it leaves the service until registered', async () => {
    // known to the api as managed until the move
    expect((await stack.http('GET', '/guests/MIG01/power_state')).body.output).toBe('on');
    const res = await act('MIG01', {
      action: 'live_migrate_vm',
      destination: 'HVSIM2',
      lgr_action: 'move',
      dest_agent_userid: 'agent2',
      parms: { maxtotal: -1, maxquiesce: 10, immediate: 'NO' },
    });
    expect(res.status).toBe(200);
    expect(await simUser('MIG01')).toMatchObject({ power: 'on', member: 'HVSIM2' });

    const ops = await stack.http('GET', '/operations?userid=MIG01&kind=guest.live-migrate');
    const [op] = ops.body.output.operations;
    expect(op).toMatchObject({ status: 'succeeded', kind: 'guest.live-migrate' });
    const detail = await stack.http('GET', `/operations/${op.id}`);
    expect(detail.body.output.progress.percent).toBe(100);
    expect(detail.body.output.steps.map((s: any) => [s.name, s.result])).toEqual([
      ['relocate', 'ok'],
      ['mark migrated', 'ok'],
      ['authorize destination agent', 'skipped'],
    ]);

    expect((await stack.http('GET', '/guests')).body.output).not.toContain('MIG01');
    const gone = await stack.http('GET', '/guests/MIG01/power_state');
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ overallRC: 404, rs: 1, modID: 10 });
    expect((await act('MIG01', { action: 'stop' })).status).toBe(404);
    // still a user of the directory
    expect((await stack.http('GET', '/host/guests')).body.output).toContain('MIG01');

    const back = await act('MIG01', {
      action: 'register_vm',
      meta: '{"os_version": "rhel9.2"}',
      net_set: '1',
      port_macs: { '0A1B2C': 'port-1' },
    });
    expect(back.status).toBe(200);
    expect((await stack.http('GET', '/guests')).body.output).toContain('MIG01');
    expect((await stack.http('GET', '/guests/MIG01/power_state')).body.output).toBe('on');
  });

  it('register_vm needs a user in the directory; deregister_vm never fails', async () => {
    const missing = await act('NOSUCH', { action: 'register_vm', meta: '{}', net_set: '1' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ overallRC: 404, rs: 1, modID: 10 });
    expect((await act('MIG01', { action: 'register_vm' })).status).toBe(400);

    expect((await act('MIG01', { action: 'deregister_vm' })).status).toBe(200);
    expect((await stack.http('GET', '/guests')).body.output).not.toContain('MIG01');
    expect((await act('MIG01', { action: 'deregister_vm' })).status).toBe(200);
    expect((await act('NOSUCH', { action: 'deregister_vm', extra: 1 })).status).toBe(200);

    // a user the service never managed (made straight in the directory) can be registered
    await request(stack.simUrl, 'POST', '/smapi/Image_Create_DM', {
      body: { target: 'ADOPT1', params: { directory: ['USER ADOPT1 PW 1G 2G G'] } },
    });
    const adopt = await act('adopt1', { action: 'register_vm', meta: 'os_version=sles15' });
    expect(adopt.status).toBe(200);
    expect((await stack.http('GET', '/guests')).body.output).toEqual(
      expect.arrayContaining(['ADOPT1']),
    );

    // known to the api as managed, then deregistered by it: forgotten before it answers
    expect((await stack.http('GET', '/guests/ADOPT1/power_state')).body.output).toBe('off');
    expect((await act('ADOPT1', { action: 'deregister_vm' })).status).toBe(200);
    const gone = await stack.http('GET', '/guests/ADOPT1/power_state');
    expect(gone.body).toMatchObject({ overallRC: 404, rs: 1, modID: 10 });
  });
});
