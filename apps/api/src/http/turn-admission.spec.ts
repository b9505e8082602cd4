import { createServer, request, type Server as HttpServer } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import {
  admitASlicePerTurn,
  AT_ONCE_ROUTE,
  readASliceAtATime,
  REQUESTS_PER_TURN,
} from './turn-admission.js';

const nextTurn = () => new Promise<void>((r) => setImmediate(r));

/** The onRequest hook the function registers, called as Fastify would. */
function hook(): ((config: object, done: () => void) => void) & { queued(): number } {
  let registered: onRequestHookHandler | undefined;
  const line = admitASlicePerTurn({
    addHook: (_name: string, fn: onRequestHookHandler) => (registered = fn),
  } as unknown as FastifyInstance);
  const onRequest = (config: object, done: () => void) =>
    // a stand-in request and reply: the hook reads only the route's config
    (registered as unknown as (req: object, reply: object, done: () => void) => void)(
      { routeOptions: { config } },
      {},
      done,
    );
  return Object.assign(onRequest, { queued: () => line.queued });
}

describe('admitASlicePerTurn', () => {
  it('lets a burst go on a slice per turn, in arrival order, and a probe at once', async () => {
    const onRequest = hook();
    const went: string[] = [];
    for (let i = 0; i < 2.5 * REQUESTS_PER_TURN; i++) onRequest({}, () => went.push(String(i)));
    onRequest({ [AT_ONCE_ROUTE]: true }, () => went.push('probe'));
    // the first slice went on in the turn they arrived in; the probe, arriving last, too
    expect(went).toEqual([
      ...Array.from({ length: REQUESTS_PER_TURN }, (_, i) => String(i)),
      'probe',
    ]);
    expect(onRequest.queued()).toBe(1.5 * REQUESTS_PER_TURN); // what the metric reads
    await nextTurn();
    expect(went).toHaveLength(2 * REQUESTS_PER_TURN + 1);
    await nextTurn();
    expect(went.filter((w) => w !== 'probe')).toEqual(
      Array.from({ length: 2.5 * REQUESTS_PER_TURN }, (_, i) => String(i)),
    );
  });

  it('lets ordinary load go on at once', () => {
    const onRequest = hook();
    let went = 0;
    for (let i = 0; i < REQUESTS_PER_TURN; i++) onRequest({}, () => went++);
    expect(went).toBe(REQUESTS_PER_TURN);
  });
});

describe('readASliceAtATime', () => {
  let server: HttpServer;
  let port: number;
  const listen = async (limit: number) => {
    server = createServer((req, res) => res.end(req.url));
    const gate = readASliceAtATime(server, limit, 10_000);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
    return gate;
  };
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('accepts connections paused', async () => {
    await listen(2);
    expect((server as unknown as { pauseOnConnect: boolean }).pauseOnConnect).toBe(true);
  });

  it('reads every connection of a real server, beyond the limit too', async () => {
    await listen(1);
    const get = (path: string) =>
      new Promise<string>((resolve, reject) => {
        const req = request({ port, host: '127.0.0.1', path, agent: false }, (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve(body));
        });
        req.on('error', reject);
        req.end();
      });
    const paths = Array.from({ length: 5 }, (_, i) => `/${i}`);
    expect(await Promise.all(paths.map(get))).toEqual(paths);
  });

  it('reads no more than the limit of new connections in one turn, however late they write', async () => {
    // clients that connect first and write later, all at once: each connection had long been
    // accepted (and, read a slice per turn, resumed) when its bytes came
    const gate = await listen(2);
    let accepted = 0;
    server.on('connection', () => accepted++);
    const clients = Array.from({ length: 8 }, () => connect(port, '127.0.0.1'));
    const answered = clients.map(
      (c) =>
        new Promise<string>((resolve, reject) => {
          let got = '';
          c.on('data', (b: Buffer) => (got += b.toString()));
          c.on('end', () => resolve(got));
          c.on('error', reject);
        }),
    );
    while (accepted < clients.length) await new Promise((r) => setTimeout(r, 5));
    for (let i = 0; i < 5; i++) await nextTurn();
    expect(gate.reading).toBe(2);
    expect(gate.waiting).toBe(6);

    let turn = 0;
    let spinning = true;
    const spin = () => {
      turn++;
      if (spinning) setImmediate(spin);
    };
    spin();
    const readInTurn = new Map<number, number>();
    server.on('request', () => readInTurn.set(turn, (readInTurn.get(turn) ?? 0) + 1));
    clients.forEach((c, i) => c.end(`GET /${i} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`));
    const bodies = await Promise.all(answered);
    spinning = false;
    expect(bodies.map((b) => b.split('\r\n\r\n')[1])).toEqual(clients.map((_, i) => `/${i}`));
    expect(Math.max(...readInTurn.values())).toBeLessThanOrEqual(2);
  });
});
