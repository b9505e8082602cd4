import type { IncomingMessage } from 'node:http';
import { Writable } from 'node:stream';
import pino from 'pino';
import { lineFrame, loggerOptions } from '#logging';
import { fullCollection } from '../memory/burst-end-collection.js';
import { requestIdOf, writeRequestLine } from './request-log.js';

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

describe('writeRequestLine', () => {
  const line = {
    request_id: 'r-1',
    method: 'GET',
    route: '/guests/:userid',
    status: 200,
    duration_ms: 1.2345,
    client_address: '10.0.0.1',
    who: 'admin',
  };
  /** The line's members as written: the line parsed, without the frame's own fields. */
  const written = (l: Parameters<typeof writeRequestLine>[1]) => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = pino(loggerOptions('api', { LOG_LEVEL: 'info', LOG_FORMAT: 'json' }), sink);
    writeRequestLine(lineFrame(logger, 'api', 'info', 'request'), l);
    expect(lines).toHaveLength(1);
    const all = JSON.parse(lines[0]) as Record<string, unknown>;
    const { level, time, pid, hostname, name, msg, ...own } = all;
    expect({ level, name, msg }).toEqual({ level: 'info', name: 'api', msg: 'request' });
    expect([time, pid, hostname]).not.toContain(undefined);
    return own;
  };

  it('writes each field as JSON, the duration to two decimals, in order', () => {
    expect(written(line)).toEqual({ ...line, duration_ms: 1.23 });
    expect(Object.keys(written(line))).toEqual(Object.keys(line));
    expect(written({ ...line, operation_id: 'op-1' })).toEqual({
      ...line,
      duration_ms: 1.23,
      operation_id: 'op-1',
    });
  });

  it('leaves out an operation it did not submit, and writes a request with no route as null', () => {
    const fields = written({ ...line, route: null });
    expect(fields.route).toBeNull();
    expect(fields).not.toHaveProperty('operation_id');
  });

  it('escapes what a client could have chosen, and keeps each line to its own values', () => {
    // an address from X-Forwarded-For (trustProxy) and a token's subject are the client's text
    const client_address = '1.2.3.4", "who": "admin';
    const who = 'sub\\ject\n"x" Grüße ✓';
    expect(written({ ...line, client_address, who })).toMatchObject({ client_address, who });
    // the same route, method and status with another address and who, then others again
    expect(written({ ...line, who: 'other' })).toMatchObject({
      client_address: '10.0.0.1',
      who: 'other',
    });
    expect(written({ ...line, method: 'PUT', status: 404 })).toMatchObject({
      method: 'PUT',
      status: 404,
    });
    expect(written(line)).toEqual({ ...line, duration_ms: 1.23 });
  });

  it("writes any request id a client's header leads to as valid JSON, unescaped", () => {
    const sent = ['abc-123', 'a"b', 'a\\b', 'x'.repeat(200), 'é', 'a b', 'k=v/1+2@h:3~_.'];
    for (const header of sent) {
      const id = requestIdOf(asRequest({ 'x-request-id': header }));
      expect(written({ ...line, request_id: id }).request_id).toBe(id);
    }
  });

  it('keeps a bounded number of addresses (each client may choose its own)', () => {
    for (let i = 0; i < 5000; i++) {
      const client_address = `10.0.${i >> 8}.${i & 255}`;
      if (i % 997 === 0)
        expect(written({ ...line, client_address }).client_address).toBe(client_address);
      else written({ ...line, client_address });
    }
    expect(written(line)).toEqual({ ...line, duration_ms: 1.23 });
  });
});
