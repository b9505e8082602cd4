import { HvError } from '#envelope';
import { WireClient } from '#hypervisor';
import type { WireRequest } from './wire.request.js';
import { WireServer } from './wire.server.js';

describe('simulator request server, reached by the service wire client', () => {
  let server: WireServer;
  let calls: WireRequest[];
  let port: number;

  beforeEach(async () => {
    calls = [];
    server = new WireServer((req) => {
      calls.push(req);
      if (req.fn === 'Image_Name_Query_DM') {
        return Promise.resolve({ rc: 0, rs: 0, output: { names: [{ name: 'LINUX01' }] } });
      }
      return Promise.resolve({ rc: 0, rs: 0 });
    });
    port = await server.listen(0, '127.0.0.1');
  });
  afterEach(() => server.close());

  const client = (): WireClient =>
    new WireClient({
      host: '127.0.0.1',
      port,
      userid: 'MAINT',
      password: 'pw',
      connectTimeoutMs: 1000,
      readTimeoutMs: 400,
      longReadTimeoutMs: 400,
      retryDelaysMs: [0, 10],
      recoveryDelayMs: 10,
    });
  const failure = (p: Promise<unknown>): Promise<HvError> =>
    p.then(
      () => {
        throw new Error('the call succeeded');
      },
      (e: unknown) => {
        expect(e).toBeInstanceOf(HvError);
        return e as HvError;
      },
    );

  it('dispatches a call with its target and parameters and answers its output', async () => {
    await expect(client().call('Image_Name_Query_DM', '*')).resolves.toMatchObject({
      rc: 0,
      output: { names: [{ name: 'LINUX01' }] },
    });
    await client().call('Image_Lock_DM', 'LINUX01', { deviceAddress: '0100' });
    expect(calls[1]).toMatchObject({
      fn: 'Image_Lock_DM',
      target: 'LINUX01',
      values: { deviceAddress: '0100' },
    });
  });

  it('drop before the request id: the client sends again and the call runs once', async () => {
    server.inject('drop-before-id');
    await expect(client().call('Image_Lock_DM', 'LINUX01')).resolves.toMatchObject({ rc: 0 });
    expect(calls).toHaveLength(1);
  });

  it('drop after the request id: the answer comes by Response_Recovery, the call is not run twice', async () => {
    server.inject('drop-after-id');
    await expect(client().call('Image_Name_Query_DM', '*')).resolves.toMatchObject({
      rc: 0,
      output: { names: [{ name: 'LINUX01' }] },
    });
    expect(calls).toHaveLength(1);
  });

  it('stall: a timeout, not a hang', async () => {
    server.inject('stall', 2);
    const e = await failure(client().call('Image_Lock_DM', 'LINUX01'));
    expect([e.rc, e.rs]).toEqual([1, 501]);
    expect(calls).toHaveLength(0);
  });

  it('garbage: a clear link error naming it, not a crash', async () => {
    server.inject('garbage');
    const e = await failure(client().call('Image_Lock_DM', 'LINUX01'));
    expect(e.message).toMatch(/garbled answer/);
    expect([e.rc, e.rs]).toEqual([99, 305]);
  });
});
