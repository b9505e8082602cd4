import { eventually, request } from './support/http.js';
import { TestStack } from './support/stack.js';

/** Spec §4.10, reference §3 (validation), §7 (FVT statuses), §9.2 and §9.9. */
describe('vswitches', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await TestStack.start({ worker: 'in-process' });
    // grants and user VLANs name guests the service manages (404 otherwise, as the reference)
    for (const userid of ['LINUX01', 'LINUX02', 'LINUXA', 'LINUXB', 'LINUXC', 'LINUXD']) {
      const made = await stack.http('POST', '/guests', {
        body: { guest: { userid, vcpus: 1, memory: 512 } },
      });
      if (made.status !== 200) throw new Error(`create ${userid}: ${made.status}`);
    }
  });
  afterAll(() => stack.close());

  const create = (vswitch: unknown) => stack.http('POST', '/vswitches', { body: { vswitch } });
  const update = (name: string, vswitch: unknown) =>
    stack.http('PUT', `/vswitches/${name}`, { body: { vswitch } });
  const detail = (name: string) => stack.http('GET', `/vswitches/${name}`);
  /** The simulator's own record, straight from the hypervisor interface. */
  const simDetail = async (name: string) =>
    (
      await request(stack.simUrl, 'POST', '/smapi/Virtual_Network_Vswitch_Query_Extended', {
        body: { target: '*', params: { switchName: name } },
      })
    ).body;

  it('lists no vswitch as an empty list', async () => {
    const res = await stack.http('GET', '/vswitches');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ overallRC: 0, output: [] });
  });

  it('creates a vswitch, refuses a duplicate with 409, lists and shows it', async () => {
    const res = await create({
      name: 'vsw1',
      rdev: '1111 2222',
      connection: 'CONnect',
      network_type: 'ETHERNET',
      vid: 'AWARE',
      port_type: 'access',
      gvrp: 'NOGVRP',
      queue_mem: 4,
      native_vid: 3,
      persist: 'yes',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ overallRC: 0, rc: 0, rs: 0, errmsg: '', modID: null, output: '' });

    const dup = await create({ name: 'VSW1' });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ overallRC: 8, rc: 212, rs: 36, modID: 1, output: '' });

    expect((await stack.http('GET', '/vswitches')).body.output).toEqual(['VSW1']);
    const d = await detail('vsw1');
    expect(d.status).toBe(200);
    expect(Object.keys(d.body.output).sort()).toEqual(
      [
        'switch_name', 'lag_group', 'port_type', 'vlan_id', 'queue_memory_limit',
        'gvrp_request_attribute', 'MAC_protect', 'mac_address', 'gvrp_enabled_attribute',
        'lag_interval', 'IP_timeout', 'vlan_awareness', 'isolation_status', 'native_vlan_id',
        'user_port_based', 'transport_type', 'link_ag', 'switch_type', 'switch_status',
        'routing_value', 'VLAN_counters', 'real_devices', 'authorized_users', 'adapters',
      ].sort(), // prettier-ignore
    );
    expect(d.body.output).toMatchObject({
      switch_name: 'VSW1',
      transport_type: 'ETHERNET',
      port_type: 'ACCESS',
      queue_memory_limit: '4',
      vlan_awareness: 'AWARE',
      vlan_id: '1',
      native_vlan_id: '3',
      gvrp_request_attribute: 'NOGVRP',
      authorized_users: {},
      adapters: {},
    });
    expect(Object.keys(d.body.output.real_devices)).toEqual(['1111', '2222']);
    expect(d.body.output.real_devices['1111']).toEqual({
      vdev: '0600',
      controller: 'DTCVSW1',
      port_name: 'NONE',
      dev_status: '1',
      dev_err: '0',
    });
  });

  it('answers 404 for a vswitch that does not exist', async () => {
    const res = await detail('NOTEXIST');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ overallRC: 8, rc: 212, rs: 40, modID: 1 });
  });

  it.each([
    ['a name longer than 8', { name: 'LONGVSWITCHNAME' }, 'name'],
    ['a name CP cannot take', { name: 'my vsw' }, 'name'],
    ['four real devices', { name: 'V4', rdev: '11 22 33 44' }, 'rdev'],
    ['an unknown connection', { name: 'V4', connection: 'plug' }, 'connection'],
    ['an unknown network type', { name: 'V4', network_type: 'FDDI' }, 'network_type'],
    ['an unknown router', { name: 'V4', network_type: 'IP', router: 'BACKUP' }, 'router'],
    ['vid 4095', { name: 'V4', vid: 4095 }, 'vid'],
    ['an unknown port type', { name: 'V4', port_type: 'HYBRID' }, 'port_type'],
    ['an unknown gvrp', { name: 'V4', gvrp: 'yes' }, 'gvrp'],
    ['queue_mem 9', { name: 'V4', queue_mem: 9 }, 'queue_mem'],
    ['queue_mem as a string', { name: 'V4', queue_mem: '4' }, 'queue_mem'],
    ['native_vid 0', { name: 'V4', native_vid: 0 }, 'native_vid'],
    ['a non-boolean persist', { name: 'V4', persist: 'maybe' }, 'persist'],
    ['an unknown field', { name: 'V4', colour: 'red' }, 'colour'],
  ])('refuses %s with a 400 naming the field', async (_what, body, field) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ overallRC: 400, rc: 400, rs: 400, modID: 120 });
    expect(res.body.errmsg).toContain(field);
  });

  it('refuses a {name} the hypervisor could not take with a 400 on every route, never a 500', async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { vswitch: { grant_userid: 'U1' } }],
      ['DELETE', undefined],
    ] as const) {
      const res = await stack.http(method, '/vswitches/LONGVSWITCHNAME', body ? { body } : {});
      expect(res.status).toBe(400);
      expect(res.body.errmsg).toContain('name');
    }
  });

  it('refuses a create without a body or without a name', async () => {
    const none = await stack.http('POST', '/vswitches');
    expect(none.status).toBe(400);
    const noName = await create({ rdev: '1111' });
    expect(noName.status).toBe(400);
    expect(noName.body.errmsg).toContain("'name' is a required property");
    expect((await stack.http('GET', '/vswitches')).body.output).toEqual(['VSW1']);
  });

  it('grants (twice is fine), sets the user VLAN and shows it; revokes', async () => {
    expect((await update('VSW1', { grant_userid: 'linux01' })).status).toBe(200);
    expect((await update('VSW1', { grant_userid: 'LINUX01' })).status).toBe(200);
    const vlan = await update('VSW1', { user_vlan_id: { userid: 'linux01', vlanid: 10 } });
    expect(vlan.status).toBe(200);
    expect(vlan.body).toMatchObject({ overallRC: 0, output: '' });
    expect((await detail('VSW1')).body.output.authorized_users).toEqual({
      LINUX01: {
        port_num: '1',
        prom_mode: 'NOPROM',
        osd_sim: 'NOOSDSIM',
        vlan_count: '1',
        vlan_ids: ['10'],
      },
    });
    // the first present key wins: grant before revoke
    const both = await update('VSW1', { grant_userid: 'LINUX02', revoke_userid: 'LINUX01' });
    expect(both.status).toBe(200);
    expect(Object.keys((await detail('VSW1')).body.output.authorized_users).sort()).toEqual([
      'LINUX01',
      'LINUX02',
    ]);
    expect((await update('VSW1', { revoke_userid: 'LINUX02' })).status).toBe(200);
    const sim = await simDetail('VSW1');
    expect(sim.output[0].authorizedUsers.map((u: any) => u.grantUserid)).toEqual(['LINUX01']);
  });

  it.each([0, 4095, 'BADAWARE', -1])('refuses user VLAN id %j with a 400', async (vlanid) => {
    const res = await update('VSW1', { user_vlan_id: { userid: 'LINUX01', vlanid } });
    expect(res.status).toBe(400);
    expect(res.body.errmsg).toContain('vlanid');
  });

  it('refuses an update naming no change, or no body, with a 400', async () => {
    const empty = await update('VSW1', {});
    expect(empty.status).toBe(400);
    expect(empty.body.errmsg).toContain("'grant_userid', 'revoke_userid' or 'user_vlan_id'");
    const none = await stack.http('PUT', '/vswitches/VSW1');
    expect(none.status).toBe(400);
    const badUser = await update('VSW1', { grant_userid: 'BAD@USER' });
    expect(badUser.status).toBe(400);
    expect(badUser.body.errmsg).toContain('grant_userid');
  });

  it('refuses a user VLAN on a VLAN-unaware vswitch with 409 (network rs 5)', async () => {
    expect((await create({ name: 'PLAIN', rdev: null })).status).toBe(200);
    const res = await update('PLAIN', { user_vlan_id: { userid: 'LINUX01', vlanid: 5 } });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ overallRC: 409, rc: 409, rs: 5, modID: 20 });
    expect(res.body.errmsg).toContain('VLAN UNAWARE');
    // a grant there is fine, and its users show vlan_count 0, as the reference reports
    expect((await update('PLAIN', { grant_userid: 'LINUX01' })).status).toBe(200);
    const d = (await detail('PLAIN')).body.output;
    expect(d).toMatchObject({ vlan_awareness: 'UNAWARE', port_type: 'NONE', real_devices: {} });
    expect(d.authorized_users.LINUX01).toMatchObject({ vlan_count: 0, vlan_ids: [] });
  });

  it.each([
    ['grant', { grant_userid: 'LINUX01' }, { overallRC: 8, rc: 212, rs: 40, modID: 1 }],
    ['revoke', { revoke_userid: 'LINUX01' }, { overallRC: 404, rs: 1, modID: 20 }],
    [
      'user VLAN',
      { user_vlan_id: { userid: 'LINUX01', vlanid: 10 } },
      { overallRC: 404, rs: 1, modID: 20 },
    ],
  ])('answers 404 to a %s on a vswitch that does not exist', async (_what, body, codes) => {
    const res = await update('NOTEXIST', body);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject(codes);
  });

  it('deletes a vswitch; deleting one that does not exist is a 200, twice', async () => {
    const res = await stack.http('DELETE', '/vswitches/PLAIN');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ overallRC: 0, output: '' });
    expect((await detail('PLAIN')).status).toBe(404);
    for (let i = 0; i < 2; i++) {
      expect((await stack.http('DELETE', '/vswitches/NOTEXIST')).status).toBe(200);
    }
    expect((await stack.http('GET', '/vswitches')).body.output).toEqual(['VSW1']);
  });

  it('runs changes as operations on the network queue, keyed by the vswitch', async () => {
    const res = await stack.http('POST', '/vswitches', {
      body: { vswitch: { name: 'async1' } },
      headers: { prefer: 'respond-async' },
    });
    expect(res.status).toBe(202);
    const location = res.headers.get('location')!;
    const op = await eventually(async () => {
      const r = await stack.http('GET', location);
      return r.body.output?.status === 'succeeded' ? r.body.output : undefined;
    });
    expect(op).toMatchObject({
      kind: 'vswitch.create',
      queue: 'network',
      target: 'VSWITCH:ASYNC1',
    });
    expect((await detail('ASYNC1')).status).toBe(200);
  });

  it('runs the changes of one vswitch one at a time', async () => {
    const fault = { function: 'Virtual_Network_Vswitch_Set_Extended', hang_ms: 300, times: 0 };
    await request(stack.simUrl, 'POST', '/admin/faults', { body: fault });
    try {
      const since = (await request(stack.simUrl, 'GET', '/admin/calls?since=0')).body.lastSeq;
      const answers = await Promise.all(
        ['LINUXA', 'LINUXB', 'LINUXC', 'LINUXD'].map((userid) =>
          stack.http('PUT', '/vswitches/VSW1', {
            body: { vswitch: { grant_userid: userid } },
            headers: { prefer: 'respond-async' },
          }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 202]);
      for (const a of answers) {
        await eventually(async () => {
          const op = (await stack.http('GET', a.headers.get('location')!)).body.output;
          return op.status === 'succeeded' ? true : undefined;
        }, 30000);
      }
      const sets = (
        await request(stack.simUrl, 'GET', `/admin/calls?since=${since}`)
      ).body.calls.filter((c: any) => c.function === 'Virtual_Network_Vswitch_Set_Extended');
      expect(sets).toHaveLength(4);
      for (const c of sets) {
        expect(sets.filter((o: any) => o !== c && o.start < c.end && o.end > c.start)).toEqual([]);
      }
    } finally {
      await request(stack.simUrl, 'DELETE', '/admin/faults');
    }
    const users = (await detail('VSW1')).body.output.authorized_users;
    expect(Object.keys(users)).toEqual(
      expect.arrayContaining(['LINUX01', 'LINUXA', 'LINUXB', 'LINUXC', 'LINUXD']),
    );
  });

  it('deleting a guest revokes its vswitch authorisations', async () => {
    const guest = await stack.http('POST', '/guests', {
      body: { guest: { userid: 'VSWG01', vcpus: 1, memory: 1024 } },
    });
    expect(guest.status).toBe(200);
    expect((await update('VSW1', { grant_userid: 'vswg01' })).status).toBe(200);
    expect((await update('ASYNC1', { grant_userid: 'VSWG01' })).status).toBe(200);
    expect((await detail('VSW1')).body.output.authorized_users.VSWG01).toBeDefined();

    expect((await stack.http('DELETE', '/guests/VSWG01')).status).toBe(200);
    for (const name of ['VSW1', 'ASYNC1']) {
      const users = (await detail(name)).body.output.authorized_users;
      expect(users.VSWG01).toBeUndefined();
    }
    // other users keep their access
    expect((await detail('VSW1')).body.output.authorized_users.LINUX01).toBeDefined();
  });

  // The reference's functional tests (test_vswitch.py) create every switch through their
  // client's vswitch_create, which fills in all the reference's defaults, a router included.
  describe("as the reference's functional tests create them", () => {
    const referenceBody = (over: object) => ({
      name: 'RESTVSW1',
      rdev: 'FF00',
      controller: '*',
      connection: 'CONNECT',
      network_type: 'ETHERNET',
      router: 'NONROUTER',
      vid: 'UNAWARE',
      port_type: 'ACCESS',
      gvrp: 'GVRP',
      queue_mem: 8,
      native_vid: 1,
      persist: true,
      ...over,
    });
    afterEach(async () => {
      expect((await stack.http('DELETE', '/vswitches/RESTVSW1')).status).toBe(200);
    });

    it('creates an ETHERNET switch with the default router (accepted, ignored)', async () => {
      const res = await create(referenceBody({}));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ overallRC: 0, rc: 0, rs: 0, errmsg: '', modID: null, output: '' });
      const dup = await create(referenceBody({}));
      expect(dup.status).toBe(409);
      expect((await detail('RESTVSW1')).body.output).toMatchObject({
        transport_type: 'ETHERNET',
        routing_value: 'NA',
      });
    });

    it('test_vswitch_create_vlan_unaware: NONrouter given, routing NA, port type NONE', async () => {
      const res = await create(
        referenceBody({
          controller: 'FAKEVMID',
          connection: 'CONnect',
          router: 'NONrouter',
          gvrp: 'NOGVRP',
          queue_mem: 3,
          persist: false,
        }),
      );
      expect(res.status).toBe(200);
      const d = await detail('RESTVSW1');
      expect(d.status).toBe(200);
      expect(d.body.output).toMatchObject({
        switch_name: 'RESTVSW1',
        transport_type: 'ETHERNET',
        port_type: 'NONE',
        queue_memory_limit: '3',
        vlan_awareness: 'UNAWARE',
        routing_value: 'NA',
        gvrp_request_attribute: 'NOGVRP',
        user_port_based: 'USERBASED',
        authorized_users: {},
      });
      expect(d.body.output.real_devices.FF00).toBeDefined();
    });

    it('test_vswitch_create_vlan_aware: PRIrouter given on ETHERNET, VLAN ids unpadded', async () => {
      const res = await create(
        referenceBody({
          rdev: '1111 2222',
          controller: 'FAKEVMID',
          connection: 'DISCONnect',
          network_type: 'ETHernet',
          router: 'PRIrouter',
          vid: 1000,
          port_type: 'TRUNK',
          queue_mem: 5,
          native_vid: 10,
        }),
      );
      expect(res.status).toBe(200);
      const d = await detail('RESTVSW1');
      expect(d.body.output).toMatchObject({
        switch_name: 'RESTVSW1',
        transport_type: 'ETHERNET',
        port_type: 'TRUNK',
        queue_memory_limit: '5',
        vlan_awareness: 'AWARE',
        gvrp_request_attribute: 'GVRP',
        user_port_based: 'USERBASED',
        authorized_users: {},
        vlan_id: '1000',
        native_vlan_id: '10',
        routing_value: 'NA',
      });
    });

    it('test_vswitch_set_port_vlanid: a user VLAN of 10 shows as 10', async () => {
      expect((await create(referenceBody({ vid: 1 }))).status).toBe(200);
      const res = await update('RESTVSW1', { user_vlan_id: { userid: 'LINUX01', vlanid: 10 } });
      expect(res.status).toBe(200);
      const users = (await detail('RESTVSW1')).body.output.authorized_users;
      expect(users.LINUX01.vlan_count).toBe('1');
      expect(users.LINUX01.vlan_ids).toEqual(['10']);
    });
  });

  it('lists the vswitch routes in the OpenAPI document', async () => {
    const doc = (await request(stack.url, 'GET', '/openapi.json')).body;
    expect(Object.keys(doc.paths['/vswitches']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/vswitches/{name}']).sort()).toEqual(['delete', 'get', 'put']);
  });
});
