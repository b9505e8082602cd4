import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { writeSampleImage } from './support/sample-image.js';
import { eventually, request } from './support/http.js';
import { allSchemas, schemaValidator, structuralProblems } from './support/openapi-check.js';
import { readEvents } from './support/sse.js';
import { TestStack } from './support/stack.js';
import { bootDisk, disk, diskInfoBody, guestBody } from './support/fixtures.js';

/** Operator surfaces: Prometheus /metrics behind credentials, the OpenAPI document and its page. */
describe('operators', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await TestStack.start({ worker: 'in-process' });
  });
  afterAll(() => stack.close());

  const basic = (password: string) => ({
    authorization: `Basic ${Buffer.from(`prometheus:${password}`).toString('base64')}`,
  });
  const scrape = async () => {
    const res = await request(stack.url, 'GET', '/metrics', { headers: basic(stack.adminToken) });
    expect(res.status).toBe(200);
    return samples(res.text);
  };

  describe('/metrics', () => {
    it('refuses requests without valid credentials with the 401 envelope', async () => {
      const refused: Record<string, string>[] = [{}, basic('nope'), { 'x-auth-token': 'garbage' }];
      for (const headers of refused) {
        const res = await request(stack.url, 'GET', '/metrics', { headers });
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({ overallRC: 400, rc: 400, rs: 401, modID: 120 });
        expect(res.headers.get('www-authenticate')).toMatch(/^Basic /);
      }
    });

    it('serves the Prometheus text format with basic auth or an auth token', async () => {
      const byPassword = await request(stack.url, 'GET', '/metrics', {
        headers: basic(stack.adminToken),
      });
      const byToken = await stack.http('GET', '/metrics');
      for (const res of [byPassword, byToken]) {
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
        expect(res.text).toContain('# TYPE process_cpu_user_seconds_total counter');
        expect(res.text).toContain('# TYPE hvo_http_request_duration_seconds histogram');
      }
    });

    it('counts requests, operations, their times and the queues after a guest is created', async () => {
      const created = await stack.http('POST', '/guests', {
        body: { guest: { userid: 'MET01', vcpus: 1, memory: 512 } },
      });
      expect(created.status).toBe(200);
      expect((await stack.http('GET', '/guests/MET01/power_state')).status).toBe(200);
      await request(stack.url, 'GET', '/no/such/route');

      const m = await eventually(async () => {
        const s = await scrape();
        return s.get('hvo_operation_running_seconds_count{kind="guest.create"}') ? s : undefined;
      });
      const http = (labels: string) => m.get(`hvo_http_request_duration_seconds_count{${labels}}`);
      expect(http('method="POST",route="/guests",status_code="200"')).toBe(1);
      expect(http('method="GET",route="/guests/:userid/power_state",status_code="200"')).toBe(1);
      expect(http('method="GET",route="unmatched",status_code="404"')).toBe(1);
      expect([...m.keys()].some((k) => k.includes('MET01'))).toBe(false);

      expect(m.get('hvo_operations{kind="guest.create",status="succeeded"}')).toBe(1);
      expect(m.get('hvo_operations{kind="guest.delete",status="succeeded"}')).toBe(0);
      expect(m.get('hvo_operation_queued_seconds_count{kind="guest.create"}')).toBe(1);
      expect(m.get('hvo_operation_running_seconds_count{kind="guest.create"}')).toBe(1);
      expect(m.get('hvo_operation_running_seconds_sum{kind="guest.create"}')).toBeGreaterThan(0);
      expect(m.get('hvo_operation_waiters')).toBe(0);
      expect(m.get('hvo_event_loop_stall_max_seconds')).toBeGreaterThanOrEqual(0);
      // no burst is arriving: nobody waits to be read or let in
      expect(m.get('hvo_http_connections_waiting')).toBe(0);
      expect(m.get('hvo_http_requests_waiting')).toBe(0);
      for (const state of ['waiting', 'active', 'delayed', 'failed', 'prioritized'])
        expect(m.get(`hvo_queue_jobs{queue="guest-lifecycle",state="${state}"}`)).toBe(0);
      expect(m.has('hvo_queue_jobs{queue="guest-lifecycle",state="waiting-children"}')).toBe(true);
    });
  });

  describe('/openapi.json', () => {
    let doc: any;
    beforeAll(async () => {
      const res = await request(stack.url, 'GET', '/openapi.json');
      expect(res.status).toBe(200);
      doc = res.body;
    });

    const schemaOf = (ref: string) => doc.components.schemas[ref.split('/').pop()!];

    it('is an OpenAPI 3 document of this service, served without a token', () => {
      expect(doc.openapi).toMatch(/^3\./);
      expect(doc.info).toMatchObject({ title: 'hv-orchestrator' });
      expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+$/);
      expect(doc.components.securitySchemes.authToken).toEqual({
        type: 'apiKey',
        in: 'header',
        name: 'X-Auth-Token',
      });
      expect(doc.paths['/metrics']).toBeUndefined();
    });

    it('documents bodies from the DTO validation rules', () => {
      const ref = doc.paths['/guests'].post.requestBody.content['application/json'].schema.$ref;
      const body = schemaOf(ref);
      expect(body.properties.guest).toBeDefined();
      const guest = schemaOf(body.properties.guest.$ref);
      expect(guest.required).toEqual(expect.arrayContaining(['userid', 'vcpus', 'memory']));
      expect(guest.properties.max_cpu).toMatchObject({ type: 'integer', maximum: 64 });
      expect(guest.properties.userid.pattern).toBe('^[a-zA-Z0-9]{1,8}$');
      expect(schemaOf(guest.properties.disk_list.items.$ref).required).toEqual(['size']);
    });

    it('documents query DTOs field by field', () => {
      const params = doc.paths['/operations'].get.parameters;
      const limit = params.find((p: any) => p.name === 'limit');
      expect(limit).toMatchObject({ in: 'query', required: false });
      expect(limit.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 500 });
      // and parameters read one by one, untyped
      const names = (path: string) =>
        doc.paths[path].get.parameters.map((p: any) => `${p.in}:${p.name}`);
      expect(names('/host/diskpool')).toEqual(['query:poolname', 'query:details']);
      expect(names('/images')).toEqual(['query:imagename']);
      expect(names('/volumes/fcptemplates')).toEqual(
        ['template_id_list', 'assigner_id', 'storage_providers', 'host_default'].map(
          (n) => `query:${n}`,
        ),
      );
    });

    /** Routes whose success is not the envelope, as they declare it. */
    const bare = ['get /operations/{id}/events 200', 'get /smapi-healthy 200', 'post /files 200'];
    const isEnvelope = (schema: any) =>
      schema.$ref === '#/components/schemas/Envelope' ||
      schema.allOf?.[0]?.$ref === '#/components/schemas/Envelope';

    it('answers every route with the envelope and the statuses of its rule', () => {
      for (const [path, item] of Object.entries<any>(doc.paths))
        for (const [method, op] of Object.entries<any>(item))
          for (const [status, response] of Object.entries<any>(op.responses)) {
            if (bare.includes(`${method} ${path} ${status}`)) continue;
            expect([
              `${method} ${path} ${status}`,
              isEnvelope(response.content['application/json'].schema),
            ]).toEqual([`${method} ${path} ${status}`, true]);
          }
      expect(Object.keys(doc.paths['/guests/{userid}'].get.responses)).toEqual(
        expect.arrayContaining(['200', '400', '401', '404', '500']),
      );
      expect(Object.keys(doc.paths['/guests'].get.responses).sort()).toEqual(['200', '401']);
      expect(doc.components.schemas.Envelope.required).toEqual(
        expect.arrayContaining(['overallRC', 'rc', 'rs', 'errmsg', 'modID', 'output']),
      );
    });

    it('documents the operation headers and the 202 of routes that submit operations', () => {
      const action = doc.paths['/guests/{userid}/action'].post;
      const names = action.parameters.map((p: any) => p.name);
      expect(names).toEqual(expect.arrayContaining(['userid', 'Prefer', 'Idempotency-Key']));
      expect(Object.keys(action.responses['202'].headers).sort()).toEqual([
        'Location',
        'Operation-Held',
        'Operation-Id',
        'Preference-Applied',
        'Retry-After',
      ]);
      expect(action.responses['409']).toBeDefined();
      expect(action.responses['422'].description).toContain('Idempotency-Key');
      expect(Object.keys(action.responses)).toEqual(expect.arrayContaining(['413', '415']));
      expect(doc.paths['/guests/{userid}'].get.responses['413']).toBeUndefined();
      // always200 answers its own outcomes with 200, but not what is refused before it runs
      expect(Object.keys(doc.paths['/volumes/fcp/{fcp_id}'].put.responses).sort()).toEqual([
        '200',
        '400',
        '401',
        '413',
        '415',
      ]);
      expect(doc.paths['/guests/{userid}/power_state'].get.responses['202']).toBeUndefined();
    });

    it('documents no 415 for the export, which reads its JSON whatever the Content-Type', () => {
      expect(doc.paths['/files'].post.responses['415']).toBeUndefined();
      expect(doc.paths['/files'].put.responses['415']).toBeDefined(); // octet-stream only
    });

    it('keeps the OpenAPI 3.1 rules, and every schema is valid JSON Schema 2020-12', () => {
      expect(structuralProblems(doc)).toEqual([]);
      const check = schemaValidator(doc);
      for (const [where, schema] of allSchemas(doc)) {
        let error = '';
        try {
          check(schema, null);
        } catch (e) {
          error = (e as Error).message;
        }
        expect([where, error]).toEqual([where, '']);
      }
    });

    /** Every operation of the document, as `METHOD /path` and its object. */
    const operations = (): [string, any][] =>
      Object.entries<any>(doc.paths).flatMap(([path, item]) =>
        Object.entries<any>(item).map(([method, op]): [string, any] => [
          `${method.toUpperCase()} ${path}`,
          op,
        ]),
      );

    it('names every operation readably and once, with a summary', () => {
      const ids = operations().map(([, op]) => op.operationId);
      for (const [where, op] of operations()) {
        expect([where, op.operationId]).toEqual([
          where,
          expect.stringMatching(/^[a-z]+(\.[a-z_]+)+$/),
        ]);
        expect([where, typeof op.summary, op.summary?.length > 0]).toEqual([where, 'string', true]);
      }
      expect(new Set(ids).size).toBe(ids.length);
      expect(doc.paths['/guests'].post.operationId).toBe('guests.create');
      expect(doc.paths['/operations/{id}/cancel'].post.operationId).toBe('operations.cancel');
      expect(doc.paths['/guests/{userid}/disks'].get.operationId).toBe('guests.disks.list');
      // public routes say so, rather than leave security unspecified
      expect(doc.paths['/health/live'].get.security).toEqual([]);
    });

    it('gives every JSON body and every success an example its schema accepts', () => {
      const check = schemaValidator(doc);
      for (const [where, op] of operations()) {
        const body = op.requestBody?.content?.['application/json'];
        if (body) {
          expect([where, 'body', body.example !== undefined]).toEqual([where, 'body', true]);
          expect([where, 'body', check(body.schema, body.example)]).toEqual([where, 'body', []]);
        }
        const successes = Object.entries<any>(op.responses).filter(([s]) => /^2/.test(s));
        expect([where, successes.length > 0]).toEqual([where, true]);
        for (const [status, response] of successes)
          for (const [type, media] of Object.entries<any>(response.content ?? {})) {
            const at = `${where} ${status} ${type}`;
            expect([at, media.example !== undefined]).toEqual([at, true]);
            if (type === 'application/json')
              expect([at, check(media.schema, media.example)]).toEqual([at, []]);
          }
      }
      // a success envelope reads as one
      expect(doc.paths['/guests'].get.responses['200'].content['application/json'].example).toEqual(
        expect.objectContaining({ overallRC: 0, rc: 0, rs: 0, errmsg: '', modID: null }),
      );
    });

    it('describes the action body as one schema per action, picked by `action`', () => {
      const body = doc.paths['/guests/{userid}/action'].post.requestBody;
      expect(body.required).toBe(true);
      const union = schemaOf(body.content['application/json'].schema.$ref);
      expect(union.discriminator.propertyName).toBe('action');
      expect(Object.keys(union.discriminator.mapping)).toHaveLength(18);
      expect(union.oneOf).toHaveLength(18);
      const resize = schemaOf(union.discriminator.mapping.live_resize_cpus);
      expect(resize.required.sort()).toEqual(['action', 'cpu_cnt']);
      expect(resize.properties.action.const).toBe('live_resize_cpus');
      expect(resize.properties.cpu_cnt).toMatchObject({ type: 'integer', minimum: 1, maximum: 64 });
      expect(schemaOf(union.discriminator.mapping.deploy).required).toContain('image');

      const check = schemaValidator(doc);
      const problems = (b: object) => check(body.content['application/json'].schema, b);
      expect(problems({ action: 'live_resize_cpus', cpu_cnt: 2 })).toEqual([]);
      expect(problems({ action: 'pause', ignored: 1 })).toEqual([]);
      expect(problems({ action: 'live_resize_cpus' })).not.toEqual([]);
      expect(problems({ action: 'stop', foo: 1 })).not.toEqual([]);
      expect(problems({ action: 'no_such_action' })).not.toEqual([]);
    });

    it('shows wrapped bodies wrapped', () => {
      const wrapper = (path: string, method: string) => {
        const ref = doc.paths[path][method].requestBody.content['application/json'].schema.$ref;
        const body = schemaOf(ref);
        return [Object.keys(body.properties), body.required];
      };
      expect(wrapper('/guests', 'post')).toEqual([['guest'], ['guest']]);
      expect(wrapper('/vswitches', 'post')).toEqual([['vswitch'], ['vswitch']]);
      expect(wrapper('/guests/volumes', 'post')).toEqual([['info'], ['info']]);
      expect(wrapper('/volumes/fcp/{fcp_id}', 'put')).toEqual([['info'], ['info']]);
      expect(wrapper('/images/{name}', 'put')).toEqual([['location'], ['location']]);
      expect(doc.paths['/files'].put.requestBody.content).toHaveProperty([
        'application/octet-stream',
      ]);
    });

    it('documents the event stream of an operation and its Last-Event-ID', () => {
      const events = doc.paths['/operations/{id}/events'].get;
      const ok = events.responses['200'];
      expect(Object.keys(ok.content)).toEqual(['text/event-stream']);
      for (const word of ['progress', 'step', 'done', 'heartbeat', 'retry', 'Last-Event-ID'])
        expect(ok.description).toContain(word);
      expect(Object.keys(ok.content['text/event-stream']['x-events']).sort()).toEqual([
        'done',
        'progress',
        'step',
      ]);
      expect(events.parameters).toContainEqual(
        expect.objectContaining({ name: 'Last-Event-ID', in: 'header', required: false }),
      );
      expect(events.responses['404']).toBeDefined();
    });

    it('documents the token exchange headers', () => {
      const token = doc.paths['/token'].post;
      expect(token.parameters).toContainEqual(
        expect.objectContaining({ name: 'X-Admin-Token', in: 'header' }),
      );
      expect(token.responses['200'].headers['X-Auth-Token'].schema).toEqual({ type: 'string' });
      expect(token.responses['401']).toBeDefined();
      expect(token.security ?? []).toEqual([]);
    });

    it('marks /smapi-healthy deprecated, with the bare answer it really sends', async () => {
      const op = doc.paths['/smapi-healthy'].get;
      expect(op.deprecated).toBe(true);
      const schema = op.responses['200'].content['application/json'].schema;
      expect(isEnvelope(schema)).toBe(false);
      const res = await stack.http('GET', '/smapi-healthy');
      expect(res.status).toBe(200);
      expect(schemaValidator(doc)(schema, res.body)).toEqual([]);
      expect(schemaValidator(doc)(schema, { overallRC: 0, output: {} })).not.toEqual([]);
    });

    it('documents the query form of GETs that clients also send with a JSON body', () => {
      const conn = doc.paths['/volumes/conn/{userid}'].get;
      expect(conn.parameters).toContainEqual(
        expect.objectContaining({ name: 'reserve', in: 'query', required: true }),
      );
      expect(conn.description).toContain('JSON body');
      expect(conn.description).toContain('{"info": {…}}');
      const byPort = doc.paths['/vswitch'].get;
      expect(byPort.parameters).toContainEqual(
        expect.objectContaining({ name: 'portid', in: 'query' }),
      );
      expect(byPort.description).toContain('JSON body');
    });

    it('types the operation a 202 and /operations/{id} answer, as they really answer', async () => {
      const create = doc.paths['/guests'].post.responses['202'];
      const accepted = await stack.http('POST', '/guests', {
        body: { guest: { userid: 'OAS01', vcpus: 1, memory: 512 } },
        headers: { prefer: 'respond-async' },
      });
      expect(accepted.status).toBe(202);
      const check = schemaValidator(doc);
      expect(check(create.content['application/json'].schema, accepted.body)).toEqual([]);
      expect(
        check(create.content['application/json'].schema, { ...accepted.body, output: 1 }),
      ).not.toEqual([]);
      expect(Object.keys(create.headers)).toContain('Location');

      const get = doc.paths['/operations/{id}'].get;
      const op = await stack.http('GET', `/operations/${accepted.body.output.id}?wait=20`);
      expect(op.status).toBe(200);
      expect(check(get.responses['200'].content['application/json'].schema, op.body)).toEqual([]);
      expect(get.parameters.map((p: any) => p.name)).toContain('Prefer');
      const cancel = doc.paths['/operations/{id}/cancel'].post;
      expect(cancel.parameters).toContainEqual(
        expect.objectContaining({ name: 'Prefer', description: expect.stringMatching(/stop/) }),
      );
      expect(Object.keys(cancel.responses)).toEqual(expect.arrayContaining(['202', '404', '409']));
      const list = doc.paths['/operations'].get.responses['200'].content['application/json'];
      expect(check(list.schema, (await stack.http('GET', '/operations')).body)).toEqual([]);

      const stream = doc.paths['/operations/{id}/events'].get.responses['200'].content;
      const read = await readEvents(`${stack.url}/operations/${accepted.body.output.id}/events`, {
        'x-auth-token': await stack.token(),
      });
      expect(read.contentType).toMatch(new RegExp(`^${Object.keys(stream)[0]}`));
      expect(read.events.at(-1)).toMatchObject({ event: 'done', id: 'done' });
      for (const e of read.events)
        expect([e.event, check(stream['text/event-stream']['x-events'][e.event], e.data)]).toEqual([
          e.event,
          [],
        ]);
    });

    it('types the output of read routes as they really answer', async () => {
      const check = schemaValidator(doc);
      const http = (method: string, path: string, body?: unknown) =>
        stack.http(method, path, body === undefined ? {} : { body });
      // each real answer against the schema its route documents for its status
      const conforms = async (method: string, path: string, route: string, body?: unknown) => {
        const res = await http(method, path, body);
        expect([path, res.status]).toEqual([path, 200]);
        const schema =
          doc.paths[route][method.toLowerCase()].responses['200'].content['application/json']
            .schema;
        expect(schema.allOf?.[1]?.properties?.output).toBeDefined();
        expect([path, check(schema, res.body)]).toEqual([path, []]);
        return { body: res.body, schema };
      };

      const created = await conforms(
        'POST',
        '/guests',
        '/guests',
        guestBody({ userid: 'OAS02', disks: [bootDisk('1g'), disk('5')] }),
      );
      expect(created.body.output).toHaveLength(2);
      const disks = '/guests/{userid}/disks';
      const added = await conforms(
        'POST',
        '/guests/oas02/disks',
        disks,
        diskInfoBody([disk('1g')]),
      );
      expect(added.body.output).toHaveLength(1);
      const none = { disk_info: { disk_list: [] } };
      expect((await conforms('POST', '/guests/oas02/disks', disks, none)).body.output).toBe('');
      expect((await http('POST', '/vswitches', { vswitch: { name: 'vswoas' } })).status).toBe(200);
      expect(
        (await http('PUT', '/vswitches/VSWOAS', { vswitch: { grant_userid: 'oas02' } })).status,
      ).toBe(200);
      const nic = await conforms('POST', '/guests/oas02/nic', '/guests/{userid}/nic', {
        nic: { nic_id: 'port-oas02' },
      });
      expect(typeof nic.body.output).toBe('string');
      expect(
        (
          await http('PUT', `/guests/oas02/nic/${nic.body.output}`, {
            info: { couple: true, vswitch: 'VSWOAS' },
          })
        ).status,
      ).toBe(200);
      expect((await http('POST', '/guests/OAS02/action', { action: 'start' })).status).toBe(200);

      const template = await http('POST', '/volumes/fcptemplates', {
        name: 'oas',
        fcp_devices: '1a04-1a05;1b04-1b05',
      });
      expect(template.status).toBe(200);
      const tmpl = template.body.output.fcp_template.id;
      const importDir = join(stack.config.DATA_DIR, 'import');
      mkdirSync(importDir, { recursive: true });
      await writeSampleImage(join(importDir, 'oas.img'), { cylinders: 10, level: 6 });
      const image = {
        image_name: 'oasimg',
        url: `file://${join(importDir, 'oas.img')}`,
        image_meta: { os_version: 'rhel9.0' },
      };
      expect((await http('POST', '/images', { image })).status).toBe(200);

      const reads: [string, string][] = [
        ['/', '/'],
        ['/guests', '/guests'],
        ['/guests/OAS02', '/guests/{userid}'],
        ['/guests/OAS02/user_direct', '/guests/{userid}/user_direct'],
        ['/guests/OAS02/info', '/guests/{userid}/info'],
        ['/guests/OAS02/os_info', '/guests/{userid}/os_info'],
        ['/guests/OAS02/online_cpu_num', '/guests/{userid}/online_cpu_num'],
        ['/guests/OAS02/power_state', '/guests/{userid}/power_state'],
        ['/guests/OAS02/power_state_real', '/guests/{userid}/power_state_real'],
        ['/guests/OAS02/disks', '/guests/{userid}/disks'],
        ['/guests/stats?userid=OAS02', '/guests/stats'],
        ['/guests/interfacestats?userid=OAS02', '/guests/interfacestats'],
        ['/guests/nics?userid=OAS02', '/guests/nics'],
        ['/guests/OAS02/adapters', '/guests/{userid}/adapters'],
        ['/vswitch?portid=port-oas02', '/vswitch'],
        ['/vswitches', '/vswitches'],
        ['/vswitches/VSWOAS', '/vswitches/{name}'],
        ['/smapi_health', '/smapi_health'],
        ['/host', '/host'],
        ['/host/guests', '/host/guests'],
        ['/host/diskpool', '/host/diskpool'],
        ['/host/diskpool?details=true', '/host/diskpool'],
        ['/host/diskpool_volumes', '/host/diskpool_volumes'],
        ['/host/volume?volumename=ev0002', '/host/volume'],
        ['/host/ssi', '/host/ssi'],
        ['/images', '/images'],
        ['/images/oasimg/root_disk_size', '/images/{name}/root_disk_size'],
        [`/volumes/conn/OAS02?reserve=true&fcp_template_id=${tmpl}`, '/volumes/conn/{userid}'],
        ['/volumes/fcptemplates', '/volumes/fcptemplates'],
        ['/volumes/fcptemplates/detail?raw=True', '/volumes/fcptemplates/detail'],
      ];
      // keyed by path: two forms of /host/diskpool
      const answers = new Map<string, any>();
      for (const [path, route] of reads) answers.set(path, await conforms('GET', path, route));

      // the answers are not trivially empty, so the item schemas were exercised
      expect(answers.get('/guests/OAS02/disks').body.output.minidisks).toHaveLength(3);
      expect(answers.get('/guests/stats?userid=OAS02').body.output.OAS02).toBeDefined();
      expect(answers.get('/guests/interfacestats?userid=OAS02').body.output.OAS02).toHaveLength(1);
      expect(answers.get('/guests/nics?userid=OAS02').body.output).toHaveLength(1);
      expect(answers.get('/guests/OAS02/adapters').body.output.adapters).toHaveLength(1);
      expect(answers.get('/vswitches/VSWOAS').body.output.adapters).not.toEqual({});
      expect(Object.values(answers.get('/host/diskpool?details=true').body.output)).toEqual([
        expect.arrayContaining([expect.objectContaining({ volume_name: expect.any(String) })]),
      ]);
      expect(answers.get('/images').body.output).toHaveLength(1);
      const [detail] = answers.get('/volumes/fcptemplates/detail?raw=True').body.output
        .fcp_templates;
      expect(Object.keys(detail.statistics)).toHaveLength(2);
      expect(Object.keys(detail.raw)).toHaveLength(2);
      const conn = answers.get(`/volumes/conn/OAS02?reserve=true&fcp_template_id=${tmpl}`);
      const [fcp] = conn.body.output.zvm_fcp;
      const usage = await conforms('GET', `/volumes/fcp/${fcp}`, '/volumes/fcp/{fcp_id}');
      expect(usage.body.output).toEqual(['OAS02', 1, 0, tmpl]);
      // and a wrong shape fails: the schemas are not open-ended
      const { body, schema } = answers.get('/guests/OAS02/info');
      expect(check(schema, { ...body, output: { ...body.output, extra: 1 } })).not.toEqual([]);
      expect(check(schema, { ...body, output: { ...body.output, num_cpu: '1' } })).not.toEqual([]);
      const power = answers.get('/guests/OAS02/power_state');
      expect(check(power.schema, { ...power.body, output: 'maybe' })).not.toEqual([]);
    });

    it('asks for the token on every route but the public ones', () => {
      expect(doc.paths['/health/live'].get.security ?? []).toEqual([]);
      expect(doc.paths['/health/live'].get.responses['401']).toBeUndefined();
      expect(doc.paths['/guests'].post.security).toEqual([{ authToken: [] }]);
      expect(doc.paths['/guests'].get.security).toEqual([{ authToken: [] }]);
    });
  });

  describe('/docs and routing around them', () => {
    it('serves the browsable page and its assets without a token', async () => {
      const page = await request(stack.url, 'GET', '/docs');
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.text).toContain('/openapi.json');
      const css = await request(stack.url, 'GET', '/docs/swagger-ui.css');
      expect(css.status).toBe(200);
    });

    it('keeps 404 and 405 with Allow for the new paths', async () => {
      const missing = await request(stack.url, 'GET', '/docs/no-such-file.js');
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ overallRC: 404, rs: 404, modID: 120 });
      for (const path of ['/openapi.json', '/metrics', '/docs']) {
        const wrong = await request(stack.url, 'POST', path);
        expect(wrong.status).toBe(405);
        expect(wrong.headers.get('allow')).toBe('GET');
      }
    });
  });
});

/** Prometheus text format samples, keyed by name and labels as printed. */
function samples(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    out.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return out;
}
