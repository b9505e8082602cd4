import type { IncomingMessage } from 'node:http';
import { fullCollection } from '../memory/burst-end-collection.js';
import { requestIdOf, requestLineFields } from './request-log.js';

const asRequest = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

// whether a client's id is kept is shown end to end (test/audit.e2e-spec.ts)
describe('requestIdOf', () => {
  it('makes ids that hold little memory for as long as their request is held', () => {
    // a held long-poll keeps its id for minutes; 15,000 of them are held at once (issue #29)
    const gc = fullCollection();
    const n = 50_000;
    const ids: string[] = new Array<string>(n);
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < n; i++) ids[i] = requestIdOf(asRequest({}));
    gc();
    const perId = (process.memoryUsage().heapUsed - before) / n;
    expect(new Set(ids).size).toBe(n);
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // 36 characters: a string of about 56 bytes; randomUUID's text as it comes is 13 pieces
    // joined lazily, some 480 bytes until something reads it
    expect(perId).toBeLessThan(150);
  });
});

describe('requestLineFields', () => {
  const line = {
    request_id: 'r-1',
    method: 'GET',
    route: '/guests/:userid',
    status: 200,
    duration_ms: 1.2345,
    client_address: '10.0.0.1',
    who: 'admin',
  };
  const parse = (text: string) => JSON.parse(`{${text.slice(1)}}`) as Record<string, unknown>;

  it('writes each field as JSON, the duration to two decimals', () => {
    expect(parse(requestLineFields(line))).toEqual({ ...line, duration_ms: 1.23 });
    expect(parse(requestLineFields({ ...line, operation_id: 'op-1' }))).toEqual({
      ...line,
      duration_ms: 1.23,
      operation_id: 'op-1',
    });
  });

  it('leaves out an operation it did not submit, and writes a request with no route as null', () => {
    const fields = parse(requestLineFields({ ...line, route: null }));
    expect(fields.route).toBeNull();
    expect(fields).not.toHaveProperty('operation_id');
  });

  it('escapes what a client could have chosen', () => {
    // an address from X-Forwarded-For (trustProxy) and a token's subject are the client's text
    const client_address = '1.2.3.4", "who": "admin';
    const who = 'sub\\ject\n"x"';
    expect(parse(requestLineFields({ ...line, client_address, who }))).toMatchObject({
      client_address,
      who,
    });
  });
});
