import type { ArgumentsHost } from '@nestjs/common';
import { BadRequestException, Logger } from '@nestjs/common';
import { Errors } from '#envelope';
import { EnvelopeFilter } from './envelope.filter.js';
import { RouteTable } from './route-table.js';

/** A reply that records what the filter sends. */
function host(req: Record<string, unknown>) {
  const sent: { status?: number; headers: Record<string, string>; body?: any } = { headers: {} };
  const reply = {
    status(code: number) {
      sent.status = code;
      return reply;
    },
    header(k: string, v: string) {
      sent.headers[k] = v;
      return reply;
    },
    send(body: unknown) {
      sent.body = body;
      return reply;
    },
  };
  const h = {
    switchToHttp: () => ({ getRequest: () => req, getResponse: () => reply }),
  } as unknown as ArgumentsHost;
  return { h, sent };
}

const matched = { method: 'POST', url: '/guests', routeOptions: { url: '/guests' } };

describe('EnvelopeFilter', () => {
  const routes = new RouteTable();
  (routes as any).routes.set('/guests', {
    pattern: /^\/guests$/,
    methods: new Set(['GET', 'POST']),
  });
  const sut = new EnvelopeFilter(routes);

  it('answers an HvError with its envelope under the endpoint rule', () => {
    const { h, sent } = host({
      ...matched,
      routeOptions: { url: '/guests', config: { hvoStatusRule: 'alreadyExists' } },
    });
    sut.catch(Errors.smapi(400, 8, 'exists'), h);
    expect(sent.status).toBe(409);
    expect(sent.body).toMatchObject({ overallRC: 8, rc: 400, rs: 8, modID: 1, output: '' });
    expect(sent.headers['content-type']).toContain('application/json');
  });

  it('answers an unexpected exception with a 500 envelope and an error id, no stack', () => {
    const logged: string[] = [];
    captureErrorLog(logged);
    const { h, sent } = host(matched);
    sut.catch(new TypeError('secret detail'), h);
    expect(sent.status).toBe(500);
    expect(sent.body).toMatchObject({ overallRC: 400, rc: 400, rs: 500, modID: 120 });
    const id = /error id ([0-9a-f-]{36})/.exec(sent.body.errmsg)![1];
    expect(sent.body.errmsg).not.toContain('secret detail');
    expect(logged.join('\n')).toContain(id);
    expect(logged.join('\n')).toContain('secret detail');
  });

  it('answers an unmatched route with 404, or 405 and Allow on a known path', () => {
    const miss = host({ method: 'GET', url: '/nope', routeOptions: {} });
    sut.catch(new Error('not found'), miss.h);
    expect(miss.sent.status).toBe(404);
    const wrong = host({ method: 'DELETE', url: '/guests?x=1', routeOptions: {} });
    sut.catch(new Error('not found'), wrong.h);
    expect(wrong.sent.status).toBe(405);
    expect(wrong.sent.headers.allow).toBe('GET, POST');
  });

  it('keeps client errors raised by the framework as 400 envelopes', () => {
    const { h, sent } = host(matched);
    sut.catch(new BadRequestException('bad'), h);
    expect(sent.status).toBe(400);
    expect(sent.body).toMatchObject({ overallRC: 400, modID: 120, errmsg: 'bad' });
  });
});

function captureErrorLog(into: string[]): void {
  Logger.overrideLogger({
    log: () => undefined,
    warn: () => undefined,
    debug: () => undefined,
    verbose: () => undefined,
    fatal: () => undefined,
    error: (...args: unknown[]) => void into.push(args.map(String).join(' ')),
  });
}
