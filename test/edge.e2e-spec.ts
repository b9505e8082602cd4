import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { repoRoot } from '#config';
import { request } from './support/http.js';
import { TestStack } from './support/stack.js';

/** The edge: auth, envelope on every answer, routing errors, body and validation errors. */
describe('edge', () => {
  let stack: TestStack;
  beforeAll(async () => {
    // a burst of 20 held requests is enough for the api to collect its heap after it
    stack = await TestStack.start({ worker: 'none', env: { API_COLLECT_AFTER_BURST: '20' } });
  });
  afterAll(() => stack.close());

  const envelopeKeys = ['errmsg', 'modID', 'output', 'overallRC', 'rc', 'rs'];

  describe('tokens', () => {
    it('issues an auth token for the admin token', async () => {
      const res = await request(stack.url, 'POST', '/token', {
        headers: { 'x-admin-token': stack.adminToken },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-auth-token')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(Object.keys(res.body).sort()).toEqual(envelopeKeys);
    });

    it('refuses a wrong or missing admin token with the 401 envelope', async () => {
      for (const headers of [{ 'x-admin-token': 'nope' }, {}] as Record<string, string>[]) {
        const res = await request(stack.url, 'POST', '/token', { headers });
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({
          overallRC: 400,
          rc: 400,
          rs: 401,
          modID: 120,
          output: '',
        });
        expect(res.headers.get('x-auth-token')).toBeNull();
      }
    });

    it('requires a valid token on every other route', async () => {
      for (const token of [null, 'garbage', `${await stack.token()}x`]) {
        const res = await stack.http('GET', '/guests', { token });
        expect(res.status).toBe(401);
        expect(res.body.rs).toBe(401);
      }
      const ok = await stack.http('GET', '/');
      expect(ok.status).toBe(200);
      expect(ok.body.output).toMatchObject({
        api_version: '1.0',
        min_version: '1.0',
        max_version: '1.0',
      });
      expect(ok.body.output.version).toMatch(/^\d+\.\d+\.\d+$/);
    });
  });

  it('regenerates the admin token with the command, invalidating issued tokens', async () => {
    const other = await TestStack.start({ worker: 'none' });
    try {
      const before = await other.token();
      const oldAdmin = other.adminToken;
      execFileSync(
        process.execPath,
        [join(repoRoot(), 'dist/apps/api/src/cli/regenerate-token.js')],
        {
          // the command reads no hypervisor settings beyond the stack's own: give it the stack's
          env: { ...process.env, ...other.env, DATA_DIR: other.config.DATA_DIR },
        },
      );
      expect(other.adminToken).not.toBe(oldAdmin);
      expect(statSync(other.config.TOKEN_PATH).mode & 0o777).toBe(0o600);
      expect((await other.http('GET', '/', { token: before })).status).toBe(401);
      const old = await request(other.url, 'POST', '/token', {
        headers: { 'x-admin-token': oldAdmin },
      });
      expect(old.status).toBe(401);
      const fresh = await request(other.url, 'POST', '/token', {
        headers: { 'x-admin-token': other.adminToken },
      });
      expect(fresh.status).toBe(200);
    } finally {
      await other.close();
    }
  });

  describe('routing', () => {
    it('answers unknown paths with a 404 envelope, even without a token', async () => {
      const res = await request(stack.url, 'GET', '/notfound');
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(res.body).toMatchObject({ overallRC: 404, rc: 404, modID: 120, output: '' });
    });

    it('answers a wrong method with 405 and Allow', async () => {
      const res = await request(stack.url, 'PUT', '/guests/ABC/action', { body: {} });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      expect(res.body).toMatchObject({ overallRC: 405, modID: 120 });
      const both = await request(stack.url, 'PATCH', '/guests');
      expect(both.status).toBe(405);
      expect(both.headers.get('allow')!.split(', ').sort()).toEqual(['GET', 'POST']);
    });
  });

  describe('bodies and validation', () => {
    it('checks the token before the body, then reports malformed JSON', async () => {
      const noToken = await stack.http('POST', '/guests', { rawBody: '{bad', token: null });
      expect(noToken.status).toBe(401);
      const bad = await stack.http('POST', '/guests', { rawBody: '{bad' });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ overallRC: 400, rc: 400, rs: 400, modID: 120 });
      expect(bad.body.errmsg).toMatch(/^Malformed JSON: /);
    });

    it('refuses bodies that are too large or of an unknown type with envelopes', async () => {
      // announces 5 MiB; the api answers from the headers without reading the body
      const big = await new Promise<{ status: number; body: any }>((resolve, reject) => {
        const req = httpRequest(`${stack.url}/guests`, { method: 'POST' }, (res) => {
          let text = '';
          res.on('data', (d: Buffer) => (text += d.toString()));
          res.on('end', () => {
            req.destroy();
            resolve({ status: res.statusCode!, body: JSON.parse(text) });
          });
        });
        req.on('error', reject);
        void stack.token().then((token) => {
          req.setHeader('x-auth-token', token);
          req.setHeader('content-type', 'application/json');
          req.setHeader('content-length', String(5 * 1024 * 1024));
          req.write('"aaaa');
        });
      });
      expect(big.status).toBe(413);
      expect(big.body).toMatchObject({ overallRC: 413, modID: 120 });
      expect(big.body.errmsg).toContain('4194304');
      const xml = await stack.http('POST', '/guests', {
        rawBody: '<guest/>',
        headers: { 'content-type': 'application/xml' },
      });
      expect(xml.status).toBe(415);
      expect(xml.body).toMatchObject({ overallRC: 415, modID: 120 });
    });

    it('names the missing wrapper key', async () => {
      const res = await stack.http('POST', '/guests', { body: { userid: 'X' } });
      expect(res.status).toBe(400);
      expect(res.body.errmsg).toContain("'guest' is a required property");
    });

    it.each([
      [{ max_cpu: 65 }, 'max_cpu', '65'],
      [{ max_cpu: 0 }, 'max_cpu', '0'],
      [{ max_mem: '11111M' }, 'max_mem', "'11111M'"],
      [{ max_mem: '1024K' }, 'max_mem', "'1024K'"],
      [{ vcpus: 'two' }, 'vcpus', "'two'"],
      [{ userid: 'TOOLONGID1' }, 'userid', "'TOOLONGID1'"],
      [{ disk_list: [{ size: '1g', format: 'ntfs' }] }, 'format', "'ntfs'"],
    ])('rejects %j naming the field and value', async (patch, field, value) => {
      const res = await stack.http('POST', '/guests', {
        body: { guest: { userid: 'VAL01', vcpus: 1, memory: 1024, ...patch } },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ overallRC: 400, rc: 400, rs: 400, modID: 120, output: '' });
      expect(res.body.errmsg).toContain(
        `Invalid input for field/attribute ${field}. Value: ${value}.`,
      );
    });

    it('rejects unexpected fields', async () => {
      const res = await stack.http('POST', '/guests', {
        body: { guest: { userid: 'VAL01', vcpus: 1, memory: 1024, colour: 'red' } },
      });
      expect(res.status).toBe(400);
      expect(res.body.errmsg).toContain(
        "Additional properties are not allowed ('colour' was unexpected)",
      );
    });

    it('rejects a bad userid in the path of a read', async () => {
      for (const path of [
        '/guests/@@@@@',
        '/guests/@@@@@/power_state',
        '/guests/@@@@@/user_direct',
      ]) {
        const res = await stack.http('GET', path);
        expect(res.status).toBe(400);
        expect(res.body.errmsg).toContain("Value: '@@@@@'");
      }
    });

    it('checks action bodies', async () => {
      const missing = await stack.http('POST', '/guests/ABC/action', { body: {} });
      expect(missing.status).toBe(400);
      expect(missing.body.errmsg).toBe('action not exist or is empty');
      const unknown = await stack.http('POST', '/guests/ABC/action', { body: { action: 'dance' } });
      expect(unknown.status).toBe(400);
      expect(unknown.body.errmsg).toBe('action dance is invalid');
      const extra = await stack.http('POST', '/guests/ABC/action', {
        body: { action: 'start', dummy: 1 },
      });
      expect(extra.status).toBe(400);
      expect(extra.body.errmsg).toContain("'dummy' was unexpected");
      const noOs = await stack.http('POST', '/guests/ABC/action', {
        body: { action: 'grow_root_volume' },
      });
      expect(noOs.status).toBe(400); // its schema runs before the guest is looked up
      expect(noOs.body).toMatchObject({ overallRC: 400, rs: 400, modID: 120 });
      expect(noOs.body.errmsg).toContain('os_version');
    });
  });

  describe('operators', () => {
    it('has V8 collect the heap once a burst of held requests is answered, and says so', async () => {
      const accepted = await stack.http('POST', '/guests', {
        body: { guest: { userid: 'BURST01', vcpus: 1, memory: 512 } },
        headers: { prefer: 'respond-async' },
      });
      expect(accepted.status).toBe(202);
      // no worker: the operation stays queued, so each long-poll is held for its whole second
      const location = accepted.headers.get('location')!;
      const polls = await Promise.all(
        Array.from({ length: 30 }, () => stack.http('GET', `${location}?wait=1`)),
      );
      expect(polls.map((p) => p.status)).toEqual(Array(30).fill(200));
      const text = 'heap collected after a burst of held requests';
      const out = await stack.outputWith('api', text);
      const line = JSON.parse(out.split('\n').find((l) => l.includes(text))!) as { held: number };
      expect(line).toMatchObject({ level: 'info', burst_held: 30 });
      // the check comes every 250 ms: a few of the 30 may still be on their way out
      expect(line.held).toBeLessThanOrEqual(3);
    });

    it('answers liveness and readiness without a token', async () => {
      const live = await request(stack.url, 'GET', '/health/live');
      expect(live.status).toBe(200);
      const ready = await request(stack.url, 'GET', '/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.body.output.checks).toMatchObject({
        redis: { status: 'ok' },
        database: { status: 'ok' },
        hypervisor: { status: 'ok' },
      });
    });

    it('reports readiness down when the hypervisor is gone', async () => {
      const { TestStack: Stack } = await import('./support/stack.js');
      const other = await Stack.start({ worker: 'none' });
      try {
        await other.simulator.close();
        const ready = await request(other.url, 'GET', '/health/ready');
        expect(ready.status).toBe(503);
        expect(ready.body.output.checks.hypervisor.status).toBe('down');
      } finally {
        await other.close();
      }
    });

    it('keeps the dashboard behind credentials', async () => {
      const none = await request(stack.url, 'GET', '/admin/queues');
      expect(none.status).toBe(401);
      expect(none.headers.get('www-authenticate')).toMatch(/^Basic /);
      const wrong = await request(stack.url, 'GET', '/admin/queues', {
        headers: { authorization: `Basic ${Buffer.from('admin:nope').toString('base64')}` },
      });
      expect(wrong.status).toBe(401);
      const basic = await request(stack.url, 'GET', '/admin/queues', {
        headers: {
          authorization: `Basic ${Buffer.from(`admin:${stack.adminToken}`).toString('base64')}`,
        },
      });
      expect(basic.status).toBe(200);
      expect(basic.text).toContain('<html');
      const api = await request(stack.url, 'GET', '/admin/queues/api/queues', {
        token: await stack.token(),
      });
      expect(api.status).toBe(200);
      expect(JSON.stringify(api.body)).toContain('guest-lifecycle');
    });

    it('reports hypervisor call counters', async () => {
      await stack.http('GET', '/guests/NOBODY/power_state_real');
      const res = await stack.http('GET', '/smapi_health');
      expect(res.status).toBe(200);
      expect(res.body.output).toMatchObject({ healthy: true, continuousFail: 0 });
      expect(res.body.output.totalSuccess).toBeGreaterThan(0);
      expect(res.body.output.lastSuccess).not.toBe('');
    });
  });
});
