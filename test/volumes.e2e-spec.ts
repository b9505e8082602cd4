import { request as httpRequest } from 'node:http';
import { request } from './support/http.js';
import { TestStack } from './support/stack.js';

/** A GET with a JSON body, as the reference's clients send the connector parameters. */
function getWithBody(
  base: string,
  path: string,
  token: string,
  body: unknown,
): Promise<{ status: number; body: any }> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      base + path,
      {
        method: 'GET',
        headers: {
          'x-auth-token': token,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

/** Spec §4.11, reference §8.4–8.6: FCP templates, usage records and the volume connector. */
describe('volumes', () => {
  let stack: TestStack;
  let token: string;
  beforeAll(async () => {
    stack = await TestStack.start({ worker: 'in-process' });
    token = await stack.token();
  });
  afterAll(() => stack.close());

  const createTemplate = async (body: Record<string, unknown>) => {
    const res = await stack.http('POST', '/volumes/fcptemplates', { body });
    expect(res.status).toBe(200);
    return res.body.output.fcp_template as Record<string, any>;
  };
  const detail = async (id: string, query = '') =>
    (await stack.http('GET', `/volumes/fcptemplates/detail?template_id_list=['${id}']${query}`))
      .body.output.fcp_templates[0];
  const conn = (userid: string, info: Record<string, unknown>) =>
    getWithBody(stack.url, `/volumes/conn/${userid}`, token, { info });

  it('the simulator publishes its FCP inventory', async () => {
    const res = await request(stack.simUrl, 'GET', '/admin/fcp');
    expect(res.body.devices).toHaveLength(32);
  });

  it('creates a template with paths, ranges, host default and storage providers', async () => {
    const t = await createTemplate({
      name: 'tmpl1',
      description: 'two paths',
      fcp_devices: '1a00-1a03, 1A05;1b00-1b03',
      host_default: true,
      storage_providers: ['sp1'],
    });
    expect(t).toMatchObject({
      name: 'tmpl1',
      description: 'two paths',
      host_default: true,
      storage_providers: ['sp1'],
      min_fcp_paths_count: 2,
      cpc_sn: '00000000000A1B2C',
      cpc_name: 'SIMCPC1',
      lpar: 'LPARSIM1',
      pchids: { add: { all: ['02E0', '0300'], first_used_by_templates: ['02E0', '0300'] } },
    });
    expect(t.id).toMatch(/^[0-9a-f-]{36}$/);

    // a second host default takes the flag away from the first; sp1 moves to it
    const t2 = await createTemplate({
      name: 'tmpl2',
      fcp_devices: '1a08-1a0b',
      host_default: 'yes',
      storage_providers: ['sp1', 'sp2'],
    });
    const list = (await stack.http('GET', '/volumes/fcptemplates')).body.output.fcp_templates;
    const byId = Object.fromEntries(list.map((x: any) => [x.id, x]));
    expect(byId[t.id]).toMatchObject({ host_default: false, storage_providers: [] });
    expect(byId[t2.id]).toMatchObject({ host_default: true, storage_providers: ['sp1', 'sp2'] });

    const defaults = await stack.http('GET', '/volumes/fcptemplates?host_default=True');
    expect(defaults.body.output.fcp_templates.map((x: any) => x.id)).toEqual([t2.id]);
    const bySp = await stack.http('GET', `/volumes/fcptemplates?storage_providers=['sp2']`);
    expect(bySp.body.output.fcp_templates.map((x: any) => x.id)).toEqual([t2.id]);
    const byIds = await stack.http('GET', `/volumes/fcptemplates?template_id_list=['${t.id}']`);
    expect(byIds.body.output.fcp_templates.map((x: any) => x.id)).toEqual([t.id]);
    expect((await stack.http('GET', '/volumes/fcptemplates?bogus=1')).status).toBe(400);

    await stack.http('DELETE', `/volumes/fcptemplates/${t.id}`);
    await stack.http('DELETE', `/volumes/fcptemplates/${t2.id}`);
  });

  it('rejects min_fcp_paths_count above the path count (409 rs 23) and bad syntax (500)', async () => {
    const res = await stack.http('POST', '/volumes/fcptemplates', {
      body: { name: 'x', fcp_devices: '1a00;1b00', min_fcp_paths_count: 3 },
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ overallRC: 409, rs: 23, modID: 30 });
    const bad = await stack.http('POST', '/volumes/fcptemplates', {
      body: { name: 'x', fcp_devices: '1a00-zz' },
    });
    expect(bad.status).toBe(500);
    const extra = await stack.http('POST', '/volumes/fcptemplates', {
      body: { name: 'x', default_sp_list: [] },
    });
    expect(extra.status).toBe(400);
  });

  it('typical flow: reserve, count connections, statistics, 409 rules, release', async () => {
    const t = await createTemplate({
      name: 'flow',
      fcp_devices: '1a00-1a01;1b00-1b01',
      storage_providers: ['flowsp'],
    });
    expect(
      (await stack.http('PUT', `/volumes/fcptemplates/${t.id}`, { body: { default_sp_list: [] } }))
        .status,
    ).toBe(400);

    // reserve=true with the storage provider's default template
    const r = await conn('linux01', { reserve: true, storage_provider: 'flowsp' });
    expect(r.status).toBe(200);
    const out = r.body.output;
    expect(out.zvm_fcp).toHaveLength(2);
    expect(out.zvm_fcp[0]).toMatch(/^1a0[01]$/);
    expect(out.zvm_fcp[1]).toMatch(/^1b0[01]$/);
    expect(out).toMatchObject({
      fcp_paths: 2,
      fcp_template_id: t.id,
      is_reserved_changed: true,
      // <hypervisor_hostname>_<USERID>, the hypervisor name being the system's
      host: 'HVSIM1_LINUX01',
      pchid_fcp_map: {
        '02E0': [out.zvm_fcp[0].toUpperCase()],
        '0300': [out.zvm_fcp[1].toUpperCase()],
      },
    });
    expect(out.wwpns).toEqual(out.zvm_fcp.map((f: string) => `c05076de3300${f}`));
    const [fa, fb] = out.zvm_fcp as string[];

    // asking again reuses the reservation
    const again = await conn('LINUX01', { reserve: 'true', fcp_template_id: t.id });
    expect(again.body.output).toMatchObject({ zvm_fcp: [fa, fb], is_reserved_changed: false });

    // a second guest gets the other FCPs; a third none (empty list, still 200)
    const r2 = await conn('linux02', { reserve: true, fcp_template_id: t.id });
    expect(r2.body.output.zvm_fcp.sort()).toEqual(
      ['1a00', '1a01', '1b00', '1b01'].filter((f) => f !== fa && f !== fb),
    );
    const r3 = await conn('linux03', { reserve: true, fcp_template_id: t.id });
    expect(r3.status).toBe(200);
    expect(r3.body.output).toMatchObject({
      zvm_fcp: [],
      host: '',
      fcp_paths: 0,
      is_reserved_changed: false,
    });
    expect(r3.body.output.empty_fcp_list_reason).toEqual(expect.any(String));

    // attach's database phase, as the usage records show it
    for (const f of [fa, fb]) {
      const set = await stack.http('PUT', `/volumes/fcp/${f}`, {
        body: { info: { userid: 'linux01', reserved: 1, connections: 1, fcp_template_id: t.id } },
      });
      expect(set.status).toBe(200);
    }
    expect((await stack.http('GET', `/volumes/fcp/${fa}`)).body.output).toEqual([
      'LINUX01',
      1,
      1,
      t.id,
    ]);
    // unknown FCP: 404 on GET; PUT answers 200 with the 404 envelope
    expect((await stack.http('GET', '/volumes/fcp/1c00')).status).toBe(404);
    const unknown = await stack.http('PUT', '/volumes/fcp/1c00', {
      body: { info: { reserved: 0, connections: 0 } },
    });
    expect(unknown.status).toBe(200);
    expect(unknown.body.overallRC).toBe(404);
    expect((await stack.http('GET', '/volumes/fcp/1a0')).status).toBe(400);

    // statistics: LINUX01 allocated (connections 1), LINUX02 reserve only
    const d = await detail(t.id, '&raw=True');
    const s0 = d.statistics['0'];
    expect(s0).toMatchObject({
      total: '1A00 - 1A01',
      total_count: { '02E0': 2 },
      single_fcp: '',
      range_fcp: '1A00 - 1A01',
      available: '',
      available_count: {},
      allocated: fa.toUpperCase(),
      connection_only: '',
      unallocated_but_active: {},
      allocated_but_free: fa.toUpperCase(),
      notfound: '',
      offline: '',
      chpids: { '27': '1A00 - 1A01' },
      pchids: { '02E0': '27' },
    });
    expect(s0.reserve_only).toBe(['1a00', '1a01'].find((f) => f !== fa)?.toUpperCase());
    expect(d.raw['0'].find((row: unknown[]) => row[0] === fa)).toEqual([
      fa,
      t.id,
      'LINUX01',
      1,
      1,
      `c05076de3300${fa}`,
      'c05076de33000027',
      '27',
      '02E0',
      'free',
      '',
      t.id,
    ]);

    // 409 rs 24: changing the path count or removing an allocated FCP while in use
    const paths = await stack.http('PUT', `/volumes/fcptemplates/${t.id}`, {
      body: { fcp_devices: '1a00-1a01' },
    });
    expect(paths.status).toBe(409);
    expect(paths.body.rs).toBe(24);
    const remove = await stack.http('PUT', `/volumes/fcptemplates/${t.id}`, {
      body: { fcp_devices: `${fa === '1a00' ? '1a01' : '1a00'};1b00-1b01` },
    });
    expect(remove.body.rs).toBe(24);
    // 409 rs 22: delete with allocated FCPs
    const del = await stack.http('DELETE', `/volumes/fcptemplates/${t.id}`);
    expect(del.status).toBe(409);
    expect(del.body.rs).toBe(22);
    // editing other fields is fine
    const ok = await stack.http('PUT', `/volumes/fcptemplates/${t.id}`, {
      body: { description: 'edited', fcp_devices: '1a00-1a01,1a02;1b00-1b01' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.output.fcp_template).toMatchObject({
      description: 'edited',
      pchids: { add: { all: [] }, delete: { all: [] }, all: ['02E0', '0300'] },
    });

    // detach's database phase, then release: LINUX01's FCPs go back; connections 0 first
    for (const f of [fa, fb]) {
      await stack.http('PUT', `/volumes/fcp/${f}`, {
        body: { info: { userid: 'linux01', reserved: 1, connections: 0, fcp_template_id: t.id } },
      });
    }
    const rel = await conn('linux01', { reserve: false, fcp_template_id: t.id });
    expect(rel.body.output).toMatchObject({ is_reserved_changed: true });
    expect((await stack.http('GET', `/volumes/fcp/${fa}`)).body.output).toEqual([
      'LINUX01',
      0,
      0,
      '',
    ]);
    const rel2 = await conn('linux02', { reserve: false, fcp_template_id: t.id });
    expect(rel2.body.output.is_reserved_changed).toBe(true);
    const after = await detail(t.id);
    expect(after.statistics['0'].available).toBe('1A00 - 1A02');
    expect((await stack.http('DELETE', `/volumes/fcptemplates/${t.id}`)).status).toBe(200);
    expect((await stack.http('DELETE', `/volumes/fcptemplates/${t.id}`)).status).toBe(404);
  });

  it('statistics show offline, active-outside and not-found devices; query parameters work', async () => {
    const t = await createTemplate({ name: 'odd', fcp_devices: '1a0e-1a0f;1b0e-1b0f,1c00' });
    const s = (await detail(t.id, '&sync_with_zvm=True')).statistics;
    expect(s['0']).toMatchObject({
      offline: '1A0F',
      available: '1A0E',
      total_count: { '02E4': 2 },
    });
    expect(s['1']).toMatchObject({
      unallocated_but_active: { '1B0F': 'OTHERVM' },
      notfound: '1C00',
      total_count: { '0304': 2, notfound: 1 },
      single_fcp: '1C00',
      range_fcp: '1B0E - 1B0F',
    });
    // connector parameters in the query string; pchid_info must cover every PCHID
    const missing = await stack.http(
      'GET',
      `/volumes/conn/linux09?reserve=true&fcp_template_id=${t.id}&pchid_info=${encodeURIComponent(JSON.stringify({ '02E4': { max: 4, allocated: 0 } }))}`,
    );
    expect(missing.status).toBe(500);
    expect(missing.body).toMatchObject({ overallRC: 300, rs: 12, modID: 30 });
    const got = await stack.http(
      'GET',
      `/volumes/conn/linux09?reserve=true&fcp_template_id=${t.id}`,
    );
    expect(got.body.output.zvm_fcp).toEqual(['1a0e', '1b0e']);
    const none = await stack.http('GET', '/volumes/conn/linux09?reserve=true&fcp_template_id=nope');
    expect(none.body).toMatchObject({ overallRC: 300, rs: 11 });
  });

  it('concurrent reservations never share an FCP and never go below the path minimum', async () => {
    const t = await createTemplate({ name: 'race', fcp_devices: '1a04-1a07;1b04-1b07' });
    const guests = ['RACE1', 'RACE2', 'RACE3', 'RACE4', 'RACE5', 'RACE6'];
    const answers = await Promise.all(
      guests.map((g) => conn(g, { reserve: true, fcp_template_id: t.id })),
    );
    const got = answers.map((a) => a.body.output.zvm_fcp as string[]);
    expect(got.filter((l) => l.length === 2)).toHaveLength(4);
    expect(got.filter((l) => l.length === 0)).toHaveLength(2);
    const all = got.flat();
    expect(new Set(all).size).toBe(all.length);
    for (const pair of got.filter((l) => l.length)) {
      expect(pair[0]).toMatch(/^1a0[4-7]$/);
      expect(pair[1]).toMatch(/^1b0[4-7]$/);
    }
  });

  describe('attach and detach (reference §8.2, §8.3)', () => {
    let t: Record<string, any>;
    let fcps: string[];
    const WWPN = '0x5005076802100c1a';
    const LUN = '0x0001000000000000';
    const connection = (over: Record<string, unknown> = {}) => ({
      info: {
        connection: {
          assigner_id: 'vol01',
          zvm_fcp: fcps,
          fcp_template_id: t.id,
          target_wwpn: [WWPN],
          target_lun: LUN,
          os_version: 'rhel9.0',
          multipath: true,
          mount_point: '/dev/sdz',
          ...over,
        },
      },
    });
    const fault = (body: Record<string, unknown>) =>
      request(stack.simUrl, 'POST', '/admin/faults', { body: { times: 1, ...body } });
    /** Everything attach/detach may touch: usage rows, dedications, the guest's reader. */
    const world = async () => {
      const usage = [];
      for (const f of fcps) usage.push((await stack.http('GET', `/volumes/fcp/${f}`)).body.output);
      const inv = (await request(stack.simUrl, 'GET', '/admin/fcp')).body.devices;
      const owners = fcps.map((f) => inv.find((d: any) => d.fcpId === f.toUpperCase()).owner);
      const state = (await request(stack.simUrl, 'GET', '/admin/state')).body;
      const reader = state.users
        .find((u: any) => u.userid === 'VOL01')
        .reader.map((r: any) => r.name);
      return { usage, owners, reader };
    };

    beforeAll(async () => {
      const made = await request(stack.simUrl, 'POST', '/smapi/Image_Create_DM', {
        body: { target: 'VOL01', params: { directory: ['USER VOL01 PW 1G 2G G'] } },
      });
      expect(made.body.rc).toBe(0);
      t = await createTemplate({ name: 'attach', fcp_devices: '1a0a-1a0b;1b0a-1b0b' });
      fcps = (await conn('vol01', { reserve: true, fcp_template_id: t.id })).body.output.zvm_fcp;
      expect(fcps).toHaveLength(2);
    });
    afterEach(() => request(stack.simUrl, 'DELETE', '/admin/faults'));

    it('a failure in each attach phase leaves everything as before', async () => {
      const before = await world();
      expect(before.usage).toEqual(fcps.map(() => ['VOL01', 1, 0, t.id]));

      // phase A: an FCP the guest has not reserved
      const a = await stack.http('POST', '/guests/volumes', {
        body: connection({ zvm_fcp: [...fcps, '1a09'] }),
      });
      expect(a.status).toBe(404);
      expect(await world()).toEqual(before);

      // phase B: dedicate refused by the hypervisor
      await fault({ function: 'Image_Device_Dedicate_DM', rc: 404, rs: 28 });
      const b = await stack.http('POST', '/guests/volumes', { body: connection() });
      expect(b.status).toBe(500);
      expect(b.body).toMatchObject({ overallRC: 8, rc: 404, rs: 28 });
      expect(await world()).toEqual(before);

      // phase C: the in-guest script cannot be delivered
      await fault({ function: 'punch', rc: 8, errmsg: 'punch failed' });
      const c = await stack.http('POST', '/guests/volumes', { body: connection() });
      expect(c.status).toBe(500);
      expect(await world()).toEqual(before);
    });

    it('attach, detach with failures in each phase, detach, release', async () => {
      const attached = await stack.http('POST', '/guests/volumes', { body: connection() });
      expect(attached.status).toBe(200);
      const after = await world();
      expect(after).toEqual({
        usage: fcps.map(() => ['VOL01', 1, 1, t.id]),
        owners: ['VOL01', 'VOL01'],
        reader: ['atvol.sh'],
      });

      // detach phase B (in guest) and C (undedicate) failures undo the earlier phases
      await fault({ function: 'punch', rc: 8, errmsg: 'punch failed' });
      expect((await stack.http('DELETE', '/guests/volumes', { body: connection() })).status).toBe(
        500,
      );
      expect(await world()).toEqual(after);
      await fault({ function: 'Image_Device_Undedicate_DM', rc: 404, rs: 28 });
      expect((await stack.http('DELETE', '/guests/volumes', { body: connection() })).status).toBe(
        500,
      );
      expect(await world()).toEqual(after);

      const detached = await stack.http('DELETE', '/guests/volumes', { body: connection() });
      expect(detached.status).toBe(200);
      expect(await world()).toEqual({
        usage: fcps.map(() => ['VOL01', 1, 0, t.id]),
        owners: [null, null],
        reader: ['atvol.sh', 'devol.sh'],
      });
      const rel = await conn('vol01', { reserve: false, fcp_template_id: t.id });
      expect(rel.body.output.is_reserved_changed).toBe(true);
      expect((await world()).usage).toEqual(fcps.map(() => ['VOL01', 0, 0, '']));
    });

    it('refuses bad connections before touching anything', async () => {
      const before = await world();
      const bad = await stack.http('POST', '/guests/volumes', {
        body: connection({ target_lun: '0x1' }),
      });
      expect(bad.status).toBe(400);
      const missing = await stack.http('POST', '/guests/volumes', {
        body: connection({ assigner_id: 'nobody' }),
      });
      expect(missing.status).toBe(404);
      expect(missing.body.modID).toBe(30);
      const rhcos = await stack.http('POST', '/guests/volumes', {
        body: connection({ os_version: 'rhcos4.12' }),
      });
      expect(rhcos.status).toBe(501);
      expect(await world()).toEqual(before);
    });

    it('with do_rollback=false a failed attach keeps what it did', async () => {
      fcps = (await conn('vol01', { reserve: true, fcp_template_id: t.id })).body.output.zvm_fcp;
      await fault({ function: 'punch', rc: 8, errmsg: 'punch failed' });
      const res = await stack.http('POST', '/guests/volumes', {
        body: connection({ do_rollback: false }),
      });
      expect(res.status).toBe(500);
      const w = await world();
      expect(w.usage).toEqual(fcps.map(() => ['VOL01', 1, 1, t.id]));
      expect(w.owners).toEqual(['VOL01', 'VOL01']);
    });
  });
});
