import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { repoRoot } from '#config';
import { databaseState } from './support/database-dump.js';
import { eventually, request } from './support/http.js';
import { schemaValidator } from './support/openapi-check.js';
import { TestStack } from './support/stack.js';

const fingerprint = (token: string) =>
  `token:${createHash('sha256').update(token).digest('hex').slice(0, 12)}`;

const ALL_KINDS = [
  'guest_unknown',
  'guest_missing',
  'fcp_dedicated_unrecorded',
  'fcp_recorded_undedicated',
  'nic_differs',
  'vswitch_grant_differs',
];

/**
 * Issue #58 item 3: GET /drift compares the hypervisor with the database, changes nothing, and
 * names the operation that last touched each item; adopt and forget are audited operations;
 * hvo_drift_items counts what the periodic check found, and the check logs what changed.
 */
describe('drift report', () => {
  let stack: TestStack;
  let doc: any;
  const sim = async (fn: string, target: string, params?: object) => {
    const r = await request(stack.simUrl, 'POST', `/smapi/${fn}`, { body: { target, params } });
    expect([fn, r.status, r.body.rc]).toEqual([fn, 200, 0]);
  };
  const ok = async (method: string, path: string, body?: object) => {
    const r = await stack.http(method, path, body ? { body } : {});
    expect([method, path, r.status, r.body.errmsg]).toEqual([method, path, 200, '']);
    return r.body.output;
  };
  const drift = async () => {
    const res = await stack.http('GET', '/drift');
    expect(res.status).toBe(200);
    const schema = doc.paths['/drift'].get.responses['200'].content['application/json'].schema;
    expect(schemaValidator(doc)(schema, res.body)).toEqual([]);
    return res.body.output;
  };
  const ids = (items: any[]) => items.map((i: any) => `${i.kind} ${i.id}`);
  const metrics = async () => {
    const basic = Buffer.from(`prometheus:${stack.adminToken}`).toString('base64');
    const res = await request(stack.url, 'GET', '/metrics', {
      headers: { authorization: `Basic ${basic}` },
    });
    return res.text;
  };
  /** The database, once two reads agree (nothing of the setup is still being written). */
  const settledDatabase = () =>
    eventually(async () => {
      const a = await databaseState(stack.config.DATABASE_URL);
      await new Promise((r) => setTimeout(r, 300));
      return a === (await databaseState(stack.config.DATABASE_URL)) ? a : undefined;
    });

  beforeAll(async () => {
    stack = await TestStack.start({
      worker: 'process',
      env: { MANAGED_USERID_PREFIX: 'drf', DRIFT_CHECK_INTERVAL_S: '1' },
    });
    doc = (await request(stack.url, 'GET', '/openapi.json')).body;
    for (const userid of ['DRF01', 'DRF02'])
      await ok('POST', '/guests', { guest: { userid, vcpus: 1, memory: 512 } });
    await ok('POST', '/volumes/fcptemplates', { name: 'drift', fcp_devices: '1a00-1a03' });
    await ok('POST', '/vswitches', { vswitch: { name: 'VSWD' } });
    await ok('PUT', '/vswitches/VSWD', { vswitch: { grant_userid: 'DRF01' } });
    await ok('POST', '/guests/DRF01/nic', { nic: { vdev: '1000' } });
    await ok('PUT', '/guests/DRF01/nic/1000', { info: { couple: true, vswitch: 'VSWD' } });
  });
  afterAll(() => stack.close());

  it('finds nothing while both sides agree, and says what it compared', async () => {
    const report = await drift();
    expect(report).toMatchObject({
      userid_prefix: 'DRF',
      compared: { guest_rows: 2, fcp_rows: 4, vswitches: 1 },
      counts: Object.fromEntries(ALL_KINDS.map((k) => [k, 0])),
      items: [],
      forgotten: [],
    });
  });

  it('reports a user defined directly in the simulator, and nothing else changes', async () => {
    await sim('Image_Create_DM', 'DRFX1', { directory: ['USER DRFX1 PW 512M 1G G'] });
    await sim('Image_Create_DM', 'OUTSIDE1', { directory: ['USER OUTSIDE1 PW 512M 1G G'] });
    const before = await settledDatabase();
    const guests = (await stack.http('GET', '/guests')).body;
    const report = await drift();
    expect(report.items).toEqual([
      {
        kind: 'guest_unknown',
        id: 'DRFX1',
        hypervisor: { userid: 'DRFX1', in_directory: true },
        database: null,
        last_operation: null,
      },
    ]);
    expect(report.counts.guest_unknown).toBe(1);
    expect((await stack.http('GET', '/guests')).body).toEqual(guests);
    expect(guests.output).not.toContain('DRFX1');
    expect(await databaseState(stack.config.DATABASE_URL)).toBe(before);
  });

  it('reports a row whose directory entry was deleted, with the operation that made it', async () => {
    await sim('Image_Delete_DM', 'DRF02');
    const create = (await stack.http('GET', '/operations?userid=DRF02&kind=guest.create')).body
      .output.operations[0];
    const item = (await drift()).items.find((i: any) => i.kind === 'guest_missing');
    expect(item).toMatchObject({
      id: 'DRF02',
      hypervisor: null,
      database: { userid: 'DRF02' },
      last_operation: { id: create.id, kind: 'guest.create', status: 'succeeded' },
    });
  });

  it('reports an FCP dedicated, a NIC defined and a grant given directly', async () => {
    await sim('Image_Device_Dedicate_DM', 'DRF01', { vdev: '1A01', realDevice: '1A01' });
    await sim('Virtual_Network_Adapter_Create_Extended_DM', 'DRF01', {
      vdev: '2000',
      adapterType: 'QDIO',
    });
    await sim('Virtual_Network_Vswitch_Set_Extended', '*', {
      switchName: 'VSWD',
      grantUserid: 'DRFG9',
    });
    const report = await drift();
    expect(ids(report.items)).toEqual([
      'guest_unknown DRFX1',
      'guest_missing DRF02',
      'fcp_dedicated_unrecorded 1a01',
      'nic_differs DRF01.2000',
      'vswitch_grant_differs VSWD.DRFG9',
    ]);
    const [, , fcp, nic, grant] = report.items;
    expect(fcp).toMatchObject({
      hypervisor: { owner: 'DRF01' },
      database: { assigner_id: '', reserved: 0, connections: 0 },
    });
    expect(nic).toMatchObject({
      hypervisor: { vdev: '2000', vswitch: null },
      database: null,
      last_operation: { kind: 'nic.couple' },
    });
    expect(grant).toMatchObject({
      hypervisor: { granted: true },
      database: { guest: false },
      last_operation: null,
    });
  });

  it('counts the items in hvo_drift_items and logs what appeared', async () => {
    const text = await eventually(async () => {
      const t = await metrics();
      return t.includes('hvo_drift_items{kind="vswitch_grant_differs"} 1') ? t : undefined;
    });
    for (const [kind, n] of Object.entries({
      guest_unknown: 1,
      guest_missing: 1,
      fcp_dedicated_unrecorded: 1,
      fcp_recorded_undedicated: 0,
      nic_differs: 1,
    }))
      expect(text).toContain(`hvo_drift_items{kind="${kind}"} ${n}`);
    expect(text).toMatch(/^hvo_drift_checked_timestamp_seconds \d+/m);
    await stack.outputWith(
      'worker',
      'appeared: guest_unknown DRFX1',
      'vswitch_grant_differs VSWD.DRFG9',
    );
  });

  it('adopts: the database takes what the hypervisor has, as an audited operation', async () => {
    const headers = { 'x-request-id': 'drift-adopt-1', 'user-agent': 'drift-test/1.0' };
    const adopted = await stack.http('POST', '/drift/guest_unknown/drfx1/adopt', { headers });
    expect(adopted.status).toBe(200);
    expect(adopted.body.output).toEqual({
      kind: 'guest_unknown',
      id: 'DRFX1',
      decision: 'adopted',
    });
    expect((await stack.http('GET', '/guests')).body.output).toContain('DRFX1');
    const op = (await stack.http('GET', '/operations?kind=drift.adopt')).body.output.operations[0];
    expect(op).toMatchObject({
      target: 'DRFX1',
      status: 'succeeded',
      requested_by: fingerprint(await stack.token()),
      user_agent: 'drift-test/1.0',
      request_id: 'drift-adopt-1',
    });
    const again = await stack.http('POST', '/drift/guest_unknown/DRFX1/adopt');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ overallRC: 409, rs: 18 });

    await ok('POST', '/drift/fcp_dedicated_unrecorded/1A01/adopt');
    await ok('POST', '/drift/nic_differs/drf01.2000/adopt');
    const nics = (await stack.http('GET', '/guests/nics?userid=DRF01')).body.output;
    expect(nics.map((n: any) => [n.interface, n.switch])).toEqual([
      ['1000', 'VSWD'],
      ['2000', null],
    ]);
    const grant = await stack.http('POST', '/drift/vswitch_grant_differs/VSWD.DRFG9/adopt');
    expect(grant.status).toBe(409);
    expect(grant.body).toMatchObject({ overallRC: 409, rs: 19 });
    expect(grant.body.errmsg).toContain('PUT /vswitches/{name}');

    const report = await drift();
    expect(ids(report.items)).toEqual(['guest_missing DRF02', 'vswitch_grant_differs VSWD.DRFG9']);
    // what the adoption left alone keeps its history
    expect(report.items[0].last_operation).toMatchObject({ kind: 'guest.create' });
  });

  it('forgets: both sides stay, and the item is not reported while it stays so', async () => {
    const forgot = await stack.http('POST', '/drift/guest_missing/DRF02/forget', {
      headers: { prefer: 'respond-async' },
    });
    expect(forgot.status).toBe(202);
    const id = forgot.body.output.id;
    const done = await stack.http('GET', `/operations/${id}?wait=20`);
    expect(done.body.output).toMatchObject({
      kind: 'drift.forget',
      target: 'DRF02',
      status: 'succeeded',
      requested_by: fingerprint(await stack.token()),
    });
    const report = await drift();
    expect(ids(report.items)).toEqual(['vswitch_grant_differs VSWD.DRFG9']);
    expect(report.forgotten).toEqual([
      expect.objectContaining({
        kind: 'guest_missing',
        id: 'DRF02',
        forgotten_by: id,
        last_operation: expect.objectContaining({ id, kind: 'drift.forget' }),
      }),
    ]);
    expect(report.counts.guest_missing).toBe(0);
    expect((await stack.http('GET', '/guests')).body.output).toContain('DRF02');
    // the next periodic check counts it no more, and says it went
    await eventually(async () =>
      (await metrics()).includes('hvo_drift_items{kind="guest_missing"} 0') ? true : undefined,
    );
    // one check may report several items gone at once (the adoption above may land in it too)
    await eventually(() =>
      Promise.resolve(/gone: [^"\n]*guest_missing DRF02/.test(stack.workerOutput()) || undefined),
    );
  });

  it('refuses an unknown kind or a malformed id with 400 naming the field', async () => {
    const kind = await stack.http('POST', '/drift/guest_lost/X/adopt');
    expect(kind.status).toBe(400);
    expect(kind.body.errmsg).toContain('field/attribute kind');
    const id = await stack.http('POST', '/drift/nic_differs/DRF01/forget');
    expect(id.status).toBe(400);
    expect(id.body.errmsg).toContain('field/attribute id');
    expect((await stack.http('GET', '/drift', { token: null })).status).toBe(401);
  });

  it('hvctl drift prints the items, and adopts and forgets them', async () => {
    const hvctl = (args: string[]) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          [join(repoRoot(), 'dist/apps/cli/src/main.js'), ...args],
          {
            env: {
              PATH: process.env.PATH,
              HOME: stack.config.DATA_DIR,
              HVCTL_URL: stack.url,
              HVCTL_ADMIN_TOKEN_FILE: stack.config.TOKEN_PATH,
            },
          },
          (err, stdout, stderr) =>
            resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
        );
      });
    await sim('Image_Create_DM', 'DRFX2', { directory: ['USER DRFX2 PW 512M 1G G'] });
    const shown = await hvctl(['drift']);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/^kind\s+id\s+hypervisor\s+database\s+last_operation$/m);
    expect(shown.stdout).toMatch(/^guest_unknown\s+DRFX2\s+\{"userid":"DRFX2"/m);
    expect(shown.stdout).toMatch(/^vswitch_grant_differs\s+VSWD\.DRFG9\s/m);
    expect(shown.stderr).toContain('2 item(s), 1 forgotten');
    const forgot = await hvctl(['drift', 'forget', 'vswitch_grant_differs', 'VSWD.DRFG9']);
    expect([forgot.code, forgot.stdout]).toEqual([0, expect.stringContaining('forgotten')]);
    const adopted = await hvctl(['drift', 'adopt', 'guest_unknown', 'drfx2']);
    expect([adopted.code, adopted.stdout]).toEqual([0, expect.stringContaining('adopted')]);
    const refused = await hvctl(['drift', 'adopt', 'guest_unknown', 'drfx2']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('rs 18');
    const json = JSON.parse((await hvctl(['--json', 'drift'])).stdout);
    expect(json.output.items).toEqual([]);
    expect(json.output.forgotten.map((i: any) => i.id)).toEqual(['DRF02', 'VSWD.DRFG9']);
  });

  it('documents its routes in the OpenAPI document', () => {
    expect(Object.keys(doc.paths['/drift'])).toEqual(['get']);
    for (const verb of ['adopt', 'forget']) {
      const post = doc.paths[`/drift/{kind}/{id}/${verb}`].post;
      expect(post.parameters.map((p: any) => p.name)).toEqual(
        expect.arrayContaining(['kind', 'id', 'Prefer', 'Idempotency-Key']),
      );
      expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['200', '202', '409']));
    }
  });
});
