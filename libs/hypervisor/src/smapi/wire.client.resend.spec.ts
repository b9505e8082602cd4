import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { type CallNotes, withCallNotes } from '../call-notes.js';
import { WireClient } from './wire.client.js';

/**
 * Issue #58 over the wire: the reference client sends a request again when its request id
 * never came back, though the server may have taken the first copy, which can then land after
 * the call has been answered. The call's notes say so, for the step to be re-checked later.
 */
const word = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
const answer = (id: number): Buffer =>
  Buffer.concat([word(id), word(12), word(id), word(0), word(0)]);

let server: Server;
const sockets: Socket[] = [];

/** A server whose n-th request is played by `script[n - 1]` (null: never answered). */
async function serve(...script: (Buffer | null)[]): Promise<number> {
  let n = 0;
  server = createServer((socket) => {
    sockets.push(socket);
    socket.on('error', () => undefined);
    socket.once('data', () => {
      const reply = script[n++];
      if (reply) socket.end(reply);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

afterEach(async () => {
  sockets.splice(0).forEach((s) => s.destroy());
  await new Promise((r) => server.close(r));
});

const call = (port: number) =>
  new WireClient({
    host: '127.0.0.1',
    port,
    userid: 'MAINT',
    password: 'secret',
    connectTimeoutMs: 1000,
    readTimeoutMs: 300,
    longReadTimeoutMs: 300,
    retryDelaysMs: [0, 10, 10],
    recoveryDelayMs: 10,
  }).call('Image_Lock_DM', 'LINUX01');

describe('WireClient: a request sent again is noted', () => {
  it('no request id in time, sent again and answered: noted as resent', async () => {
    const port = await serve(null, answer(8));
    const notes: CallNotes = { resent: false };
    await expect(withCallNotes(notes, () => call(port))).resolves.toMatchObject({ rc: 0 });
    expect(notes.resent).toBe(true);
  });

  it('answered at once: not noted', async () => {
    const port = await serve(answer(7));
    const notes: CallNotes = { resent: false };
    await withCallNotes(notes, () => call(port));
    expect(notes.resent).toBe(false);
  });

  it('outside any notes (no step): the call is made all the same', async () => {
    const port = await serve(null, answer(8));
    await expect(call(port)).resolves.toMatchObject({ rc: 0 });
  });
});
