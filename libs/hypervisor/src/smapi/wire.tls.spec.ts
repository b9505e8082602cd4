import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type Server } from 'node:tls';
import { promisify } from 'node:util';
import { HvError } from '#envelope';
import { WireClient } from './wire.client.js';

const run = promisify(execFile);

/** A throw-away self-signed certificate for 127.0.0.1 (it is its own CA). */
async function selfSigned(dir: string, name: string): Promise<{ key: Buffer; cert: Buffer }> {
  const key = join(dir, `${name}.key`);
  const cert = join(dir, `${name}.pem`);
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-keyout',
    key,
    '-out',
    cert,
    '-subj',
    `/CN=${name}`,
    '-addext',
    'subjectAltName=IP:127.0.0.1',
  ]);
  return { key: await readFile(key), cert: await readFile(cert) };
}

const word = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};

describe('WireClient over TLS', () => {
  let dir: string;
  let server: Server;
  let port: number;
  let trusted: Buffer;
  let stranger: Buffer;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'smapi-tls-'));
    const own = await selfSigned(dir, 'request-server');
    trusted = own.cert;
    stranger = (await selfSigned(dir, 'someone-else')).cert;
    server = createServer({ key: own.key, cert: own.cert }, (s) => {
      s.once('data', () => s.end(Buffer.concat([word(5), word(12), word(5), word(0), word(0)])));
      s.on('error', () => undefined);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await rm(dir, { recursive: true, force: true });
  });

  const client = (ca: Buffer): WireClient =>
    new WireClient({
      host: '127.0.0.1',
      port,
      ca,
      userid: 'MAINT',
      password: 'pw',
      connectTimeoutMs: 2000,
      readTimeoutMs: 2000,
      longReadTimeoutMs: 2000,
      retryDelaysMs: [0, 0],
      recoveryDelayMs: 0,
    });

  it('talks to a server whose certificate the CA file vouches for', async () => {
    await expect(client(trusted).call('Image_Lock_DM', 'LINUX01')).resolves.toMatchObject({
      requestId: 5,
      rc: 0,
    });
  });

  it('refuses a server the CA file does not vouch for, without retrying', async () => {
    const e = await client(stranger)
      .call('Image_Lock_DM', 'LINUX01')
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(HvError);
    expect((e as HvError).message).toMatch(/self.signed|certificate/i);
    expect((e as HvError).message).not.toMatch(/attempts/);
  });
});
