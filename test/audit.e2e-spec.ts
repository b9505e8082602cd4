import { createHash } from 'node:crypto';
import { eventually, request } from './support/http.js';
import { TestStack } from './support/stack.js';

const fingerprint = (token: string) =>
  `token:${createHash('sha256').update(token).digest('hex').slice(0, 12)}`;

const guest = (userid: string) => ({ guest: { userid, vcpus: 1, memory: 512 } });

/**
 * Issue #26, audit: every operation records who asked (a token's subject, `admin`, or `none`),
 * the client address, the user agent and the request id, shown on the resource, filterable
 * with `requested_by`, documented in the OpenAPI document; every answer carries X-Request-Id.
 */
describe('audit of operations (AUTH=token)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await TestStack.start({ worker: 'in-process' });
  });
  afterAll(() => stack.close());

  it('records who asked, from where, with what and under which request id', async () => {
    const token = await stack.token();
    const res = await stack.http('POST', '/guests', {
      body: guest('AUDIT01'),
      headers: { 'x-request-id': 'audit-req-0001', 'user-agent': 'audit-test/1.0' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('audit-req-0001');
    const page = await stack.http('GET', '/operations?kind=guest.create');
    const op = page.body.output.operations.find((o: any) => o.target === 'AUDIT01');
    expect(op).toMatchObject({
      requested_by: fingerprint(token),
      client_address: '127.0.0.1',
      user_agent: 'audit-test/1.0',
      request_id: 'audit-req-0001',
      trace_id: null,
    });
    expect(JSON.stringify(op)).not.toContain(token);
    const one = await stack.http('GET', `/operations/${op.id}`);
    expect(one.body.output).toMatchObject({ requested_by: fingerprint(token) });
  });

  it('filters the listing by requested_by', async () => {
    const token = await stack.token();
    const async = await stack.http('POST', '/guests', {
      body: guest('AUDIT02'),
      headers: { prefer: 'respond-async' },
    });
    expect(async.status).toBe(202);
    // a second token, another subject (a token issued a second later has another `exp`)
    await new Promise((r) => setTimeout(r, 1100));
    const second = (
      await request(stack.url, 'POST', '/token', { headers: { 'x-admin-token': stack.adminToken } })
    ).headers.get('x-auth-token')!;
    expect(second).not.toBe(token);
    await stack.http('POST', '/guests', { body: guest('AUDIT03'), token: second });

    const mine = await stack.http('GET', `/operations?requested_by=${fingerprint(token)}`);
    const targets = mine.body.output.operations.map((o: any) => o.target);
    expect(targets).toEqual(expect.arrayContaining(['AUDIT01', 'AUDIT02']));
    expect(targets).not.toContain('AUDIT03');
    const theirs = await stack.http('GET', `/operations?requested_by=${fingerprint(second)}`);
    expect(theirs.body.output.operations.map((o: any) => o.target)).toEqual(['AUDIT03']);
    const nobody = await stack.http('GET', '/operations?requested_by=admin');
    expect(nobody.body.output.operations).toEqual([]);
    await eventually(async () => {
      const op = await stack.http('GET', async.headers.get('location')!);
      return op.body.output.status === 'succeeded' ? true : undefined;
    });
  });

  it('answers every request with X-Request-Id: the client one when valid, else a new one', async () => {
    const unauth = await request(stack.url, 'GET', '/guests', {
      headers: { 'x-request-id': 'client-id-401' },
    });
    expect(unauth.status).toBe(401);
    expect(unauth.headers.get('x-request-id')).toBe('client-id-401');
    const missing = await stack.http('GET', '/no/such/route');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    for (const bad of ['x'.repeat(129), 'has space', 'quote"s', '<script>']) {
      const res = await stack.http('GET', '/guests', { headers: { 'x-request-id': bad } });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('documents the audit fields and the filter in the OpenAPI document', async () => {
    const doc = (await request(stack.url, 'GET', '/openapi.json')).body;
    const props = doc.components.schemas.Operation.properties;
    for (const f of ['requested_by', 'client_address', 'user_agent', 'request_id', 'trace_id'])
      expect(props[f]).toBeDefined();
    const params = doc.paths['/operations'].get.parameters.map((p: any) => p.name);
    expect(params).toContain('requested_by');
  });
});

describe('audit of operations (AUTH=none)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await TestStack.start({ worker: 'in-process', env: { AUTH: 'none' } });
  });
  afterAll(() => stack.close());

  it('records `none` as who asked, and filters by it', async () => {
    const res = await stack.http('POST', '/guests', { body: guest('NOAUTH1'), token: null });
    expect(res.status).toBe(200);
    const page = await stack.http('GET', '/operations?requested_by=none', { token: null });
    expect(page.body.output.operations).toHaveLength(1);
    expect(page.body.output.operations[0]).toMatchObject({
      target: 'NOAUTH1',
      requested_by: 'none',
      client_address: '127.0.0.1',
    });
  });
});
