import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HvError, HvNotReached } from '#envelope';
import { SimulatorTransport } from './simulator.transport.js';

/** A server answering every request with `answer`, on a loopback port. */
async function serve(answer: (res: import('node:http').ServerResponse) => void): Promise<Server> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => answer(res));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return server;
}
const urlOf = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
const servers: Server[] = [];
afterAll(() => {
  for (const s of servers) {
    s.closeAllConnections();
    s.close();
  }
});

async function failure(p: Promise<unknown>): Promise<HvError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(HvError);
  return e as HvError;
}

describe('SimulatorTransport function calls', () => {
  it('sends the call as JSON over a reused connection and reads the reply', async () => {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        seen.push(`${req.url} ${body} ${req.socket.remotePort}`);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ rc: 0, rs: 0, output: { ok: true } }));
      });
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const t = new SimulatorTransport(urlOf(server), 2000);
    expect(await t.smapi('Image_Query_DM', 'U1', { a: 1 })).toEqual({
      rc: 0,
      rs: 0,
      output: { ok: true },
    });
    await t.cp('QUERY USER U1');
    expect(seen[0]).toMatch(/^\/smapi\/Image_Query_DM \{"target":"U1","params":\{"a":1\}\} \d+$/);
    expect(seen[1]).toMatch(/^\/cp \{"command":"QUERY USER U1"\}/);
    for (let i = 0; i < 20; i++) await t.cp('Q');
    const ports = new Set(seen.map((line) => line.split(' ').at(-1)));
    expect(ports.size).toBeLessThanOrEqual(2); // kept alive, not a connection per call
  });

  it('says a call was refused a connection never reached the hypervisor', async () => {
    const server = await serve((res) => res.end());
    const url = urlOf(server);
    await new Promise((r) => server.close(r));
    const e = await failure(new SimulatorTransport(url, 2000).cp('QUERY USER U1'));
    expect(e.message).toMatch(/not reached/);
    expect(e.message).toContain(url);
    expect(e).toBeInstanceOf(HvNotReached);
    expect([e.overallRC, e.rc, e.rs]).toEqual([99, 99, 305]);
  });

  it('leaves a call whose connection dropped after it was sent in doubt', async () => {
    const server = createServer((req) => req.socket.destroy());
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const e = await failure(new SimulatorTransport(urlOf(server), 2000).cp('QUERY USER U1'));
    expect(e).not.toBeInstanceOf(HvNotReached);
    expect([e.overallRC, e.rc, e.rs]).toEqual([99, 99, 305]);
  });

  it('derives how long a call can still land from its timeout and connect', () => {
    expect(SimulatorTransport.landingWindowMs(240_000)).toBe(250_000);
    expect(SimulatorTransport.landingWindowMs(5_000)).toBe(10_000);
  });

  it('times out a call that is never answered', async () => {
    const server = await serve(() => undefined); // holds every request
    servers.push(server);
    const e = await failure(
      new SimulatorTransport(urlOf(server), 300).smapi('Image_Query_DM', 'U1'),
    );
    expect(e.message).toMatch(/did not answer \/smapi\/Image_Query_DM in 300 ms/);
  });

  it('reports an answer other than HTTP 200 with its text', async () => {
    const server = await serve((res) => {
      res.statusCode = 502;
      res.end('bad gateway');
    });
    servers.push(server);
    const e = await failure(new SimulatorTransport(urlOf(server), 2000).cp('Q'));
    expect(e.message).toMatch(/answered HTTP 502 to \/cp: bad gateway/);
  });

  it('reports a reply that is not JSON as a link failure', async () => {
    const server = await serve((res) => res.end('{not json'));
    servers.push(server);
    const e = await failure(new SimulatorTransport(urlOf(server), 2000).cp('Q'));
    expect(e.message).toMatch(/unreachable/);
  });
});
