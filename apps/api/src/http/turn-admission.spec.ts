import { EventEmitter } from 'node:events';
import { createServer, request, type Server as HttpServer } from 'node:http';
import type { AddressInfo, Server } from 'node:net';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import {
  admitASlicePerTurn,
  AT_ONCE_ROUTE,
  readASlicePerTurn,
  REQUESTS_PER_TURN,
} from './turn-admission.js';

const nextTurn = () => new Promise<void>((r) => setImmediate(r));

/** The onRequest hook the function registers, called as Fastify would. */
function hook(): (config: object, done: () => void) => void {
  let registered: onRequestHookHandler | undefined;
  admitASlicePerTurn({
    addHook: (_name: string, fn: onRequestHookHandler) => (registered = fn),
  } as unknown as FastifyInstance);
  return (config, done) =>
    // a stand-in request and reply: the hook reads only the route's config
    (registered as unknown as (req: object, reply: object, done: () => void) => void)(
      { routeOptions: { config } },
      {},
      done,
    );
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

describe('readASlicePerTurn', () => {
  it('accepts connections paused and reads a burst of them a slice per turn, in order', async () => {
    const server = new EventEmitter() as EventEmitter & { pauseOnConnect?: boolean };
    readASlicePerTurn(server as unknown as Server, 2);
    expect(server.pauseOnConnect).toBe(true);
    const read: number[] = [];
    for (let i = 0; i < 5; i++) server.emit('connection', { resume: () => read.push(i) });
    expect(read).toEqual([0, 1]);
    await nextTurn();
    expect(read).toEqual([0, 1, 2, 3]);
    await nextTurn();
    expect(read).toEqual([0, 1, 2, 3, 4]);
  });

  it("reads every connection of a real server, beyond a turn's slice too", async () => {
    const server: HttpServer = createServer((req, res) => res.end(req.url));
    readASlicePerTurn(server, 1);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
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
    try {
      const paths = Array.from({ length: 5 }, (_, i) => `/${i}`);
      expect(await Promise.all(paths.map(get))).toEqual(paths);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
