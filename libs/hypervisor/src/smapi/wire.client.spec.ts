import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { HvError, HvNotReached } from '#envelope';
import { encodeResponseRecovery } from './request.codec.js';
import { WireClient, type WireClientOptions, wireLandingWindowMs } from './wire.client.js';

/** What the fake request server does on its n-th connection, given the request bytes. */
type Behaviour = (socket: Socket, request: Buffer) => void;

const word = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
/** A whole answer to Image_Lock_DM: request id, length 12, request id, rc, rs. */
const answer = (id: number, rc = 0, rs = 0): Buffer =>
  Buffer.concat([word(id), word(12), word(id), word(rc), word(rs)]);

const answerWith: Behaviour = (s) => s.end(answer(7));
const dropBeforeId: Behaviour = (s) => s.destroy();
const dropAfterId: Behaviour = (s) => s.end(word(7));
const stall: Behaviour = () => undefined;

let server: Server;
let requests: Buffer[];
let sockets: Socket[];

/** Starts a server that reads one request per connection and plays `script` in order. */
async function serve(...script: Behaviour[]): Promise<number> {
  requests = [];
  sockets = [];
  server = createServer((socket) => {
    sockets.push(socket);
    let got = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      got = Buffer.concat([got, chunk]);
      if (got.length < 4 || got.length < 4 + got.readInt32BE(0)) return;
      const n = requests.push(got);
      (script[n - 1] ?? script[script.length - 1])(socket, got);
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

afterEach(async () => {
  sockets.forEach((s) => s.destroy());
  await new Promise((r) => server.close(r));
});

const client = (port: number, over: Partial<WireClientOptions> = {}): WireClient =>
  new WireClient({
    host: '127.0.0.1',
    port,
    userid: 'MAINT',
    password: 'secret',
    connectTimeoutMs: 1000,
    readTimeoutMs: 500,
    longReadTimeoutMs: 500,
    retryDelaysMs: [0, 10, 10],
    recoveryDelayMs: 10,
    ...over,
  });

const failure = async (p: Promise<unknown>): Promise<HvError> => {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(HvError);
  return e as HvError;
};

describe('WireClient', () => {
  it('sends one request per connection and answers its rc and rs', async () => {
    const port = await serve((s) => s.end(answer(7, 400, 12)));
    await expect(client(port).call('Image_Lock_DM', 'LINUX01')).resolves.toEqual({
      requestId: 7,
      rc: 400,
      rs: 12,
      output: {},
    });
    expect(requests).toHaveLength(1);
    expect(requests[0].subarray(8, 8 + 13).toString()).toBe('Image_Lock_DM');
  });

  it('sends the request again when the connection drops before the request id', async () => {
    const port = await serve(dropBeforeId, answerWith);
    await expect(client(port).call('Image_Lock_DM', 'LINUX01')).resolves.toMatchObject({ rc: 0 });
    expect(requests).toHaveLength(2);
    expect(requests[1]).toEqual(requests[0]);
  });

  it('gives up with a link error once every attempt dropped before the request id', async () => {
    const port = await serve(dropBeforeId);
    const e = await failure(client(port).call('Image_Lock_DM', 'LINUX01'));
    expect(e.message).toMatch(/after 3 attempts/);
    expect([e.rc, e.rs]).toEqual([99, 305]);
    expect(requests).toHaveLength(3);
    // the server read the request each time: it may have run it
    expect(e).not.toBeInstanceOf(HvNotReached);
  });

  it('fetches the answer with Response_Recovery when the connection drops after the request id', async () => {
    const recovered: Behaviour = (s) =>
      s.end(
        Buffer.concat([word(8), word(24), word(8), word(0), word(0), word(7), word(0), word(0)]),
      );
    const port = await serve(dropAfterId, recovered);
    await expect(client(port).call('Image_Lock_DM', 'LINUX01')).resolves.toMatchObject({
      requestId: 7,
      rc: 0,
    });
    expect(requests[1]).toEqual(encodeResponseRecovery(7));
  });

  it('sends the request again when Response_Recovery says so (rc 4 rs 4)', async () => {
    const retry: Behaviour = (s) =>
      s.end(Buffer.concat([word(8), word(12), word(8), word(4), word(4)]));
    const port = await serve(dropAfterId, retry, answerWith);
    await expect(client(port).call('Image_Lock_DM', 'LINUX01')).resolves.toMatchObject({ rc: 0 });
    expect(requests[2]).toEqual(requests[0]);
  });

  it('turns a stalled server into a timeout instead of hanging', async () => {
    const port = await serve(stall);
    const started = Date.now();
    const e = await failure(client(port, { retryDelaysMs: [0] }).call('Image_Lock_DM', 'LINUX01'));
    expect(Date.now() - started).toBeLessThan(5000);
    expect([e.overallRC, e.rc, e.rs]).toEqual([5, 1, 501]);
  });

  it('turns garbage into a clear link error, without retrying it', async () => {
    const port = await serve((s) => s.end(Buffer.from('HTTP/1.1 400 Bad Request\r\n\r\n')));
    const e = await failure(client(port).call('Image_Lock_DM', 'LINUX01'));
    expect(e.message).toMatch(/garbled answer/);
    expect(requests).toHaveLength(1);
  });

  it('reports a refused connection as unreachable, and never puts the password in it', async () => {
    const port = await serve(answerWith);
    await new Promise((r) => server.close(r));
    server = createServer();
    const e = await failure(client(port, { retryDelaysMs: [0, 0] }).call('Image_Lock_DM', 'X'));
    expect(e.message).toMatch(/ECONNREFUSED/);
    expect(e.message).not.toContain('secret');
    // no attempt got as far as sending its request: the call is in no doubt
    expect(e).toBeInstanceOf(HvNotReached);
  });

  it('bounds how long a call can still land: every attempt, its pauses, the last answer', () => {
    const timings = {
      connectTimeoutMs: 60_000,
      readTimeoutMs: 240_000,
      longReadTimeoutMs: 1_800_000,
      retryDelaysMs: [0, 8000, 16000],
    };
    expect(wireLandingWindowMs(timings)).toBe(24_000 + 3 * 1_860_000 + 1_800_000);
  });
});
