import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sampleImageStream } from './support/sample-image.js';
import { TestStack } from './support/stack.js';

const listen = async (server: Server, host: string): Promise<number> => {
  await new Promise<void>((r) => server.listen(0, host, r));
  return (server.address() as AddressInfo).port;
};

/** A loopback port nothing listens on (bound, then closed). */
const closedPort = async (host: string): Promise<number> => {
  const s = createServer();
  const port = await listen(s, host);
  await new Promise((r) => s.close(r));
  return port;
};

const AUTH = `Basic ${Buffer.from('nova:s3cret').toString('base64')}`;

/**
 * Issue #16 item 4: image import must not reach inside the network. The stack allows only
 * 127.0.0.2 (IMAGE_IMPORT_HOSTS), where the "allowed" image server listens; 127.0.0.1, the
 * rest of loopback and every other private range stay denied, as they are by default.
 */
describe('#16.4 SSRF through image import', () => {
  let stack: TestStack;
  let allowed: Server;
  let denied: Server;
  let allowedBase: string;
  let deniedPort: number;
  /** Requests the denied server received: it must receive none. */
  let deniedHits = 0;
  let allowedAuth: (string | undefined)[] = [];

  beforeAll(async () => {
    denied = createServer((_req, res) => {
      deniedHits++;
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      sampleImageStream({ cylinders: 10, level: 6 }).pipe(res);
    });
    deniedPort = await listen(denied, '127.0.0.1');
    allowed = createServer((req, res) => {
      allowedAuth.push(req.headers.authorization);
      const to = (location: string) => res.writeHead(302, { location }).end();
      if (req.url === '/sample.img') {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        sampleImageStream({ cylinders: 10, level: 6 }).pipe(res);
      } else if (req.url === '/private.img') {
        if (req.headers.authorization !== AUTH) return void res.writeHead(401).end();
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        sampleImageStream({ cylinders: 10, level: 6 }).pipe(res);
      } else if (req.url === '/to-sample') to('/sample.img');
      else if (req.url === '/to-denied') to(`http://127.0.0.1:${deniedPort}/sample.img`);
      else if (req.url === '/to-localhost') to(`http://localhost:${deniedPort}/sample.img`);
      else if (req.url === '/to-numeric') to(`http://2130706433:${deniedPort}/sample.img`);
      else if (req.url === '/to-file') to('file:///etc/passwd');
      else if (req.url?.startsWith('/to-other?port=')) {
        to(`http://127.0.0.2:${req.url.split('=')[1]}/sample.img`);
      } else res.writeHead(404).end();
    });
    allowedBase = `http://127.0.0.2:${await listen(allowed, '127.0.0.2')}`;
    stack = await TestStack.start({ worker: 'process', env: { IMAGE_IMPORT_HOSTS: '127.0.0.2' } });
  });
  afterAll(async () => {
    await stack?.close();
    await new Promise((r) => allowed.close(r));
    await new Promise((r) => denied.close(r));
  });
  beforeEach(() => {
    deniedHits = 0;
    allowedAuth = [];
  });

  let n = 0;
  const importFrom = (url: string, headers: Record<string, string> = {}) =>
    stack.http('POST', '/images', {
      body: { image: { image_name: `img${++n}`, url, image_meta: { os_version: 'rhel9.0' } } },
      headers,
    });
  const importCount = async () =>
    (await stack.http('GET', '/operations?kind=image.import&limit=100')).body.output.operations
      .length as number;

  /** The one errmsg of every network failure. */
  let unreachable: string;

  it('imports from the allowed host, following a redirect on it', async () => {
    const res = await importFrom(`${allowedBase}/to-sample`);
    expect(res.status).toBe(200);
  });

  it.each([
    ['a loopback literal', () => `http://127.0.0.1:${deniedPort}/sample.img`],
    ['the decimal form of loopback', () => `http://2130706433:${deniedPort}/`],
    ['hex and octal forms of loopback', () => `http://0x7f.1:${deniedPort}/`],
    ['octal loopback', () => `http://0177.0.0.1:${deniedPort}/`],
    ['IPv6 loopback', () => `http://[::1]:${deniedPort}/`],
    ['IPv4-mapped IPv6 loopback', () => `http://[::ffff:127.0.0.1]:${deniedPort}/`],
    ['localhost', () => `http://localhost:${deniedPort}/sample.img`],
    ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data/'],
    ['a private address', () => 'http://10.0.0.1/x.img'],
  ])('refuses %s with 400 naming url, before queueing', async (_what, url) => {
    const before = await importCount();
    const res = await importFrom(url());
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ overallRC: 400, rs: 400, modID: 120 });
    expect(res.body.errmsg).toContain('field/attribute url');
    expect(await importCount()).toBe(before);
    expect(deniedHits).toBe(0);
  });

  it.each([
    ['a private address', 'nova@10.1.2.3'],
    ['loopback', 'nova@127.0.0.1'],
    ['a localhost name', 'nova@images.localhost'],
  ])('refuses a remote_host at %s with 400 naming remote_host', async (_what, remoteHost) => {
    const before = await importCount();
    const res = await stack.http('POST', '/images', {
      body: {
        image: {
          image_name: `scp${++n}`,
          url: 'file:///srv/images/x.img',
          image_meta: { os_version: 'rhel9.0' },
          remote_host: remoteHost,
        },
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.errmsg).toContain('field/attribute remote_host');
    expect(await importCount()).toBe(before);
  });

  it.each([
    ['a denied address', '/to-denied', '127.0.0.1:'],
    ['the decimal form of a denied address', '/to-numeric', '127.0.0.1:'],
    // not refused as a literal: the worker's lookup resolves it and refuses the address
    ['a name that resolves to loopback', '/to-localhost', 'localhost resolves to 127.0.0.1'],
  ])('fails a redirect from the allowed host to %s, never connecting', async (_w, path, cause) => {
    const res = await importFrom(`${allowedBase}${path}`);
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ overallRC: 300, rs: 9, modID: 40 });
    expect(deniedHits).toBe(0);
    unreachable ??= res.body.errmsg;
    expect(res.body.errmsg).toBe(unreachable);
    expect(await stack.outputWith('worker', cause)).toContain(cause);
  });

  it('refuses a redirect to file:', async () => {
    const res = await importFrom(`${allowedBase}/to-file`);
    expect(res.status).toBe(500);
    expect(res.body.errmsg).not.toContain('passwd');
  });

  it('answers one errmsg for a refused port, a denied redirect, a DNS failure and a 404', async () => {
    const results = await Promise.all(
      [
        `http://127.0.0.2:${await closedPort('127.0.0.2')}/x.img`,
        `${allowedBase}/to-denied`,
        'http://no-such-host.invalid/x.img',
        `${allowedBase}/missing.img`,
      ].map((url) => importFrom(url)),
    );
    const answers = results.map((r) => [r.status, r.body.rs, r.body.errmsg]);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0][0]).toBe(500);
    expect(answers[0][1]).toBe(9);
    // each real cause is in the worker's log instead
    const causes = ['ECONNREFUSED', 'IMAGE_IMPORT_HOSTS does not allow', 'ENOTFOUND', '404'];
    const log = await stack.outputWith('worker', ...causes);
    for (const cause of causes) expect(log).toContain(cause);
  });

  it('uses URL credentials and never shows or logs them', async () => {
    const url = `http://nova:s3cret@127.0.0.2:${new URL(allowedBase).port}/private.img`;
    const res = await importFrom(url, { prefer: 'respond-async' });
    expect(res.status).toBe(202);
    const id = res.headers.get('location')!.split('/').pop()!;
    const done = await stack.http('GET', `/operations/${id}?wait=30`);
    expect(done.body.output.status).toBe('succeeded');
    expect(allowedAuth).toContain(AUTH); // basic auth, as the reference's downloader sends it
    expect(done.body.output.request.url).toBe(
      `http://***@127.0.0.2:${new URL(url).port}/private.img`,
    );

    // a failing import with credentials: the log has its cause, not the credentials
    const refused = `http://nova:s3cret@127.0.0.2:${await closedPort('127.0.0.2')}/x.img`;
    const failed = await importFrom(refused);
    expect(failed.status).toBe(500);
    const badUrl = await importFrom('ftp://nova:s3cret@127.0.0.2/x.img');
    expect(badUrl.status).toBe(400);
    const literal = await importFrom(`http://nova:s3cret@127.0.0.1:${deniedPort}/x.img`);
    expect(literal.status).toBe(400);

    const listed = await stack.http('GET', '/operations?kind=image.import&limit=100', {
      headers: { 'x-request-id': 'creds-list' },
    });
    const seen = [
      JSON.stringify(done.body),
      JSON.stringify(failed.body),
      JSON.stringify(badUrl.body),
      JSON.stringify(literal.body),
      JSON.stringify(listed.body),
      // every line up to the failed import's cause, and up to the last request's
      await stack.outputWith('worker', 'ECONNREFUSED'),
      await stack.outputWith('api', '"request_id":"creds-list"'),
    ];
    for (const text of seen) expect(text).not.toContain('s3cret');
  });

  it("sends URL credentials to the URL's own origin only, not to where it redirects", async () => {
    let seen: string | undefined = 'no request';
    const other = createServer((req, res) => {
      seen = req.headers.authorization;
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      sampleImageStream({ cylinders: 10, level: 6 }).pipe(res);
    });
    const otherPort = await listen(other, '127.0.0.2');
    try {
      const from = new URL(allowedBase);
      const url = `http://nova:s3cret@${from.host}/to-other?port=${otherPort}`;
      const res = await importFrom(url);
      expect(res.status).toBe(200);
      expect(allowedAuth).toEqual([AUTH]);
      expect(seen).toBeUndefined();
    } finally {
      await new Promise((r) => other.close(r));
    }
  });

  it('keeps URL credentials out of the dashboard, and out of Redis once the job ended', async () => {
    await stack.stopWorkerProcess(); // so the job waits, with its credentials, to be looked at
    const url = `http://nova:s3cret@127.0.0.2:${new URL(allowedBase).port}/private.img`;
    const res = await importFrom(url, { prefer: 'respond-async' });
    const id = res.headers.get('location')!.split('/').pop()!;
    const job = () =>
      stack.http('GET', `/admin/queues/api/queues/image-repository/${id}`).then((r) => r.body);
    const queued = await job();
    expect(queued.job.data.secrets).toEqual({ urlCredentials: '***' });
    expect(queued.job.data.payload.url).toBe(`http://***@${new URL(url).host}/private.img`);
    expect(JSON.stringify(queued)).not.toContain('s3cret');

    await stack.startWorkerProcess();
    const done = await stack.http('GET', `/operations/${id}?wait=30`);
    expect(done.body.output.status).toBe('succeeded');
    expect((await job()).job.data.secrets).toBeUndefined();
  });
});
