import { request } from './support/http.js';
import { TestStack } from './support/stack.js';

/**
 * `?validate_only=true` (issue #61): a submitting route answers its plan — steps and calls,
 * resources checked against the live hypervisor and database, feasible or not with reasons —
 * and changes nothing: the simulator's state and what the database holds are the same after.
 */
describe('dry run of an operation', () => {
  let stack: TestStack;
  let tmpl: string;
  let hostCpus: number;
  beforeAll(async () => {
    // a backlog of one: a job held in a drained queue fills it
    stack = await TestStack.start({ worker: 'in-process', env: { QUEUE_BACKLOG_MAX: '1' } });
    // 1A0F is offline and 1B0F dedicated outside the service in the simulator's inventory
    const t = await stack.http('POST', '/volumes/fcptemplates', {
      body: { name: 'dry', fcp_devices: '1a0f;1b0f' },
    });
    expect(t.status).toBe(200);
    tmpl = t.body.output.fcp_template.id;
    hostCpus = (await stack.http('GET', '/host')).body.output.vcpus;
  });
  afterAll(() => stack.close());

  /** What a dry run must leave as it was: the simulator, and the database through the api. */
  const world = async () => ({
    sim: JSON.stringify((await request(stack.simUrl, 'GET', '/admin/state')).body),
    operations: (await stack.http('GET', '/operations')).body.output,
    guests: (await stack.http('GET', '/guests')).body.output,
    fcps: [
      (await stack.http('GET', '/volumes/fcp/1a0f')).body,
      (await stack.http('GET', '/volumes/fcp/1b0f')).body,
    ],
  });
  const create = (guest: object, query = '?validate_only=true') =>
    stack.http('POST', `/guests${query}`, { body: { guest } });
  const GUEST = { userid: 'dry01', vcpus: 1, memory: 1024, disk_list: [{ size: '1g' }] };

  it('answers infeasible plans with reasons and leaves everything as it was', async () => {
    const before = await world();

    const big = await create({ ...GUEST, disk_list: [{ size: '500g' }] });
    expect(big.status).toBe(200);
    expect(big.body.output).toMatchObject({
      feasible: false,
      kind: 'guest.create',
      target: 'DRY01',
    });
    expect(big.body.output.reasons).toEqual([
      expect.objectContaining({
        resource: 'disk_pool ECKD:POOL1',
        message: expect.stringContaining('no free extent of the pool is that large'),
        needed: expect.any(Number),
        available: expect.any(Number),
      }),
    ]);
    const pool = big.body.output.resources.disk_pools['ECKD:POOL1'];
    expect(pool.needed).toBeGreaterThan(pool.free);

    const cpus = await create({ ...GUEST, vcpus: hostCpus + 1, max_cpu: 64 });
    expect(cpus.status).toBe(200);
    expect(cpus.body.output.feasible).toBe(false);
    expect(cpus.body.output.reasons).toEqual([
      { resource: 'vcpus', message: expect.any(String), needed: hostCpus + 1, available: hostCpus },
    ]);

    const attach = await stack.http('POST', '/guests/volumes?validate_only=true', {
      body: {
        info: {
          connection: {
            assigner_id: 'dry01',
            zvm_fcp: ['1a0f', '1b0f'],
            fcp_template_id: tmpl,
            target_wwpn: ['0x5005076802100c1a'],
            target_lun: '0x0001000000000000',
            os_version: 'rhel9.0',
            multipath: true,
            mount_point: '/dev/sdb',
          },
        },
      },
    });
    expect(attach.status).toBe(200);
    expect(attach.body.output.feasible).toBe(false);
    expect(attach.body.output.reasons).toEqual([
      { resource: 'assigner_id', message: 'guest DRY01 does not exist' },
      { resource: 'fcp 1a0f', message: 'FCP 1a0f is offline' },
      { resource: 'fcp 1b0f', message: 'FCP 1b0f is dedicated to OTHERVM' },
      expect.objectContaining({ resource: 'fcp paths', needed: 1, available: 0 }),
    ]);

    expect(await world()).toEqual(before);
  });

  it('validates the request as a real submit does', async () => {
    const bad = await create({ ...GUEST, vcpus: 'two' });
    expect(bad.status).toBe(400);
    expect(bad.body.errmsg).toContain('vcpus');
    const flag = await create(GUEST, '?validate_only=maybe');
    expect(flag.status).toBe(400);
    expect(flag.body.errmsg).toContain('validate_only');
    // cancel submits nothing: a dry run of it would cancel, so it is refused
    const cancel = await stack.http(
      'POST',
      '/operations/00000000-0000-4000-8000-000000000000/cancel?validate_only=true',
    );
    expect(cancel.status).toBe(400);
    expect(cancel.body.errmsg).toContain('validate_only');
  });

  it('plans a feasible create as it then runs', async () => {
    const before = await world();
    const plan = await create(GUEST);
    expect(plan.status).toBe(200);
    expect(plan.body.output).toMatchObject({
      feasible: true,
      reasons: [],
      resources_checked: true,
      conflicts: [],
      queue: { name: 'guest-lifecycle', position: 0, drained: false },
    });
    expect(plan.body.output.steps).toEqual([
      { name: 'define user', calls: ['Image_Create_DM'] },
      { name: 'record guest', calls: [] },
      { name: 'create disk 0100', calls: ['Image_Disk_Create_DM'] },
    ]);
    expect(await world()).toEqual(before);

    const real = await create(GUEST, '');
    expect(real.status).toBe(200);
    const op = (await stack.http('GET', '/operations')).body.output.operations[0];
    const full = (await stack.http('GET', `/operations/${op.id}`)).body.output;
    expect(full.steps.map((s: { name: string }) => s.name)).toEqual(
      plan.body.output.steps.map((s: { name: string }) => s.name),
    );
  });

  it('names the operations ahead of it for the guest, and the drained queue', async () => {
    expect((await stack.http('POST', '/host/drain')).status).toBe(200);
    try {
      const held = await stack.http('POST', '/guests/DRY01/action', {
        body: { action: 'start' },
        headers: { prefer: 'respond-async' },
      });
      expect(held.status).toBe(202);
      const before = await world();
      const plan = await stack.http('POST', '/guests/DRY01/action?validate_only=true', {
        body: { action: 'stop' },
      });
      expect(plan.status).toBe(200);
      expect(plan.body.output).toMatchObject({
        feasible: false,
        reasons: [
          {
            resource: 'queue guest-lifecycle',
            message: 'the backlog is full: a submit would be refused with 429',
            needed: 2,
            available: 1,
          },
        ],
        kind: 'guest.stop',
        steps: [{ name: 'deactivate', calls: ['Image_Deactivate'] }],
        resources_checked: false,
        conflicts: [{ id: held.body.output.id, kind: 'guest.start', status: 'queued' }],
        queue: { name: 'guest-lifecycle', position: 1, drained: true },
      });
      // handling=strict would be refused behind it: the plan says so
      const strict = await stack.http('POST', '/guests/DRY01/action?validate_only=true', {
        body: { action: 'stop' },
        headers: { prefer: 'handling=strict' },
      });
      expect(strict.body.output.reasons.map((r: { resource: string }) => r.resource)).toEqual([
        'guest DRY01',
        'queue guest-lifecycle',
      ]);
      expect(await world()).toEqual(before);
    } finally {
      await stack.http('POST', '/host/resume');
    }
  });

  it('refuses a NIC on device numbers the guest uses', async () => {
    const nic = await stack.http('POST', '/guests/DRY01/nic?validate_only=true', {
      body: { nic: { vdev: '0100' } },
    });
    expect(nic.status).toBe(200);
    expect(nic.body.output).toMatchObject({
      feasible: false,
      reasons: [{ resource: 'vdev', message: expect.stringContaining('in use in the directory') }],
      resources: { nic: { vdev: '0100', devices: 3, free: false } },
    });
    const free = await stack.http('POST', '/guests/DRY01/nic?validate_only=true', {
      body: { nic: { vdev: '2000' } },
    });
    expect(free.body.output).toMatchObject({ feasible: true, reasons: [] });
    // then run: the steps are the ones the plan named
    const real = await stack.http('POST', '/guests/DRY01/nic', { body: { nic: { vdev: '2000' } } });
    expect(real.status).toBe(200);
    const ops = (await stack.http('GET', '/operations?kind=nic.create')).body.output.operations;
    const full = (await stack.http('GET', `/operations/${ops[0].id}`)).body.output;
    expect(full.steps.map((x: { name: string }) => x.name)).toEqual(
      free.body.output.steps.map((x: { name: string }) => x.name),
    );
  });

  it('documents validate_only and the plan on the submitting routes', async () => {
    const doc = (await request(stack.url, 'GET', '/openapi.json')).body;
    const create = doc.paths['/guests'].post;
    expect(create.parameters.map((p: { name: string }) => p.name)).toContain('validate_only');
    expect(create.responses['200'].content['application/json'].schema).toMatchObject({
      allOf: [
        { $ref: '#/components/schemas/Envelope' },
        {
          properties: {
            output: { anyOf: [expect.anything(), { $ref: '#/components/schemas/OperationPlan' }] },
          },
        },
      ],
    });
    expect(doc.components.schemas.OperationPlan.required).toContain('feasible');
  });
});
