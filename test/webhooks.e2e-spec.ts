import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '#config';
import { eventually } from './support/http.js';
import { importSampleImage } from './support/sample-image.js';
import { TestStack } from './support/stack.js';
import { type Received, WebhookReceiver, verifies } from './support/webhook-receiver.js';
import { bootDisk, guestBody } from './support/fixtures.js';

/** Fast retries and a short grace period, so the tests run in seconds. */
const WEBHOOK_ENV = {
  WEBHOOK_HOSTS: '127.0.0.1',
  WEBHOOK_BACKOFF_BASE_MS: '200',
  WEBHOOK_BACKOFF_MAX_MS: '1000',
  WEBHOOK_RETRY_WINDOW_S: '60',
  WEBHOOK_RELAY_INTERVAL_MS: '200',
  WEBHOOK_TIMEOUT_MS: '3000',
  WEBHOOK_SECRET_GRACE_S: '6',
};

/** Subscriptions, Callback-URL, signatures and the delivery log (issue #27). */
describe('webhooks', () => {
  let stack: TestStack;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    stack = await TestStack.start({ worker: 'in-process', env: WEBHOOK_ENV });
  });
  afterAll(async () => {
    await stack.close();
    await receiver.down();
  });

  const subscribe = async (path: string, extra: object = {}) => {
    const res = await stack.http('POST', '/webhooks', {
      body: { webhook: { url: receiver.url(path), events: ['operation.*'], ...extra } },
    });
    expect(res.status).toBe(200);
    return res.body.output as { id: string; secret: string };
  };
  const createGuest = (userid: string, headers: Record<string, string> = {}) =>
    stack.http('POST', '/guests', {
      body: { guest: { userid, vcpus: 1, memory: 512 } },
      headers: { prefer: 'respond-async', ...headers },
    });
  const opId = (r: Received): string => (JSON.parse(r.body) as { id: string }).id;

  it('refuses a target the outbound policy denies with a 400 naming the field', async () => {
    for (const url of ['http://169.254.169.254/latest', 'http://10.1.2.3/x', 'ftp://a.example/']) {
      const res = await stack.http('POST', '/webhooks', {
        body: { webhook: { url, events: ['operation.*'] } },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ overallRC: 400, modID: 120 });
      expect(res.body.errmsg).toContain('field/attribute url');
    }
    const bad = await stack.http('POST', '/webhooks', {
      body: { webhook: { url: receiver.url('/x'), events: ['operation.done'] } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errmsg).toContain('events');
    const callback = await createGuest('WHBAD01', { 'callback-url': 'http://[::1]:9/x' });
    expect(callback.status).toBe(400);
    expect(callback.body.errmsg).toContain('field/attribute Callback-URL');
    expect((await stack.http('GET', '/guests')).body.output).not.toContain('WHBAD01');
  });

  it('200 respond-async operations: one verified delivery each, its body the final resource', async () => {
    const sub = await subscribe('/bulk', { kinds: ['guest.create'] });
    const ids: string[] = [];
    for (let i = 0; i < 200; i += 20) {
      const batch = await Promise.all(
        Array.from({ length: 20 }, (_, j) => createGuest(`WHB${String(i + j).padStart(3, '0')}`)),
      );
      for (const r of batch) {
        expect(r.status).toBe(202);
        ids.push(r.body.output.id);
      }
    }
    await eventually(
      () => Promise.resolve(receiver.at('/bulk').length >= 200 ? true : undefined),
      120_000,
      '200 deliveries',
    );
    await new Promise((r) => setTimeout(r, 1000)); // a duplicate would arrive meanwhile
    const got = receiver.at('/bulk');
    expect(got).toHaveLength(200);
    expect(got.every((r) => verifies(sub.secret, r))).toBe(true);
    expect(new Set(got.map(opId))).toEqual(new Set(ids));
    expect(new Set(got.map((r) => r.id)).size).toBe(200);
    for (const r of got) {
      const op = await stack.http('GET', `/operations/${opId(r)}`);
      expect(JSON.parse(r.body)).toEqual(op.body.output);
    }
    const log = await stack.http('GET', `/webhooks/${sub.id}/deliveries?limit=1000`);
    expect(log.body.output.deliveries).toHaveLength(200);
    expect(log.body.output.deliveries.every((d: any) => d.status === 'succeeded')).toBe(true);
    expect(log.body.output.deliveries[0]).toMatchObject({
      event: 'operation.succeeded',
      attempts: 1,
      last_status_code: 200,
    });
    const metrics = await stack.http('GET', '/metrics');
    const succeeded = /^hvo_webhook_deliveries\{status="succeeded"\} (\d+)$/m.exec(metrics.text);
    expect(Number(succeeded?.[1])).toBeGreaterThanOrEqual(200);
    expect(metrics.text).toMatch(/^hvo_queue_jobs\{queue="webhooks",state="waiting"\} \d+$/m);
    expect(metrics.text).toMatch(/^hvo_webhook_oldest_pending_seconds \d/m);
    expect((await stack.http('DELETE', `/webhooks/${sub.id}`)).status).toBe(200);
  }, 240_000);

  it('deploys too: each respond-async deploy delivered once, its body the final resource', async () => {
    // the bulk test above uses creates (a deploy copies an image: 200 would write gigabytes);
    // the delivery path is the same for every kind, and this shows it for deploys
    await importSampleImage(stack, 'wh-img');
    const sub = await subscribe('/deploys', { kinds: ['guest.deploy'] });
    const userids = Array.from({ length: 20 }, (_, i) => `WHD${String(i).padStart(2, '0')}`);
    const ids = await Promise.all(
      userids.map(async (userid) => {
        const created = await stack.http('POST', '/guests', {
          body: guestBody({ userid, disks: [bootDisk('10')] }),
        });
        expect(created.status).toBe(200); // waited: a deploy needs a managed guest
        const deploy = await stack.http('POST', `/guests/${userid}/action`, {
          body: { action: 'deploy', image: 'wh-img' },
          headers: { prefer: 'respond-async' },
        });
        expect(deploy.status).toBe(202);
        return deploy.body.output.id as string;
      }),
    );
    await eventually(
      () => Promise.resolve(receiver.at('/deploys').length >= 20 ? true : undefined),
      120_000,
      '20 deploy deliveries',
    );
    await new Promise((r) => setTimeout(r, 1000)); // a duplicate would arrive meanwhile
    const got = receiver.at('/deploys');
    expect(got).toHaveLength(20);
    expect(got.every((r) => verifies(sub.secret, r))).toBe(true);
    expect(new Set(got.map(opId))).toEqual(new Set(ids));
    for (const r of got) {
      const op = await stack.http('GET', `/operations/${opId(r)}`);
      expect(op.body.output).toMatchObject({ kind: 'guest.deploy', status: 'succeeded' });
      expect(JSON.parse(r.body)).toEqual(op.body.output);
    }
    expect((await stack.http('DELETE', `/webhooks/${sub.id}`)).status).toBe(200);
  }, 180_000);

  it('sends a Callback-URL ending signed with the service callback secret', async () => {
    const secret = (await stack.http('GET', '/webhooks/callback-secret')).body.output.secret;
    expect(secret).toMatch(/^whsec_/);
    const res = await createGuest('WHCB01', { 'callback-url': receiver.url('/cb') });
    expect(res.status).toBe(202);
    const [r] = await eventually(() => nonEmpty(receiver.at('/cb')));
    expect(verifies(secret, r)).toBe(true);
    expect(JSON.parse(r.body)).toMatchObject({ id: res.body.output.id, status: 'succeeded' });
  });

  it('keeps deliveries verifiable with the old secret through the grace period', async () => {
    const sub = await subscribe('/rot', { userids: ['WHROT01', 'WHROT02', 'WHROT03'] });
    const rotated = await stack.http('POST', `/webhooks/${sub.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    const { secret: fresh, previous_secret, previous_secret_valid_until } = rotated.body.output;
    expect(previous_secret).toBe(sub.secret);
    expect(fresh).not.toBe(sub.secret);
    expect((await stack.http('GET', `/webhooks/${sub.id}`)).body.output.secret).toBeUndefined();
    await createGuest('WHROT01');
    const [inGrace] = await eventually(async () => nonEmpty(receiver.at('/rot')));
    expect(verifies(sub.secret, inGrace)).toBe(true);
    expect(verifies(fresh, inGrace)).toBe(true);
    // after the grace period only the new secret signs
    const wait = Date.parse(previous_secret_valid_until) - Date.now() + 500;
    await new Promise((r) => setTimeout(r, Math.max(0, wait)));
    await createGuest('WHROT02');
    const after = await eventually(async () => nonEmpty(receiver.at('/rot').slice(1)));
    expect(verifies(fresh, after[0])).toBe(true);
    expect(verifies(sub.secret, after[0])).toBe(false);
    await stack.http('DELETE', `/webhooks/${sub.id}`);
  }, 60_000);

  it('lists, tests, hides credentials and deletes subscriptions', async () => {
    const res = await stack.http('POST', '/webhooks', {
      body: {
        webhook: {
          url: receiver.url('/t').replace('//', '//me:pw@'),
          events: ['operation.failed'],
        },
      },
    });
    const { id, secret } = res.body.output;
    expect(res.body.output.url).not.toContain('pw');
    const listed = (await stack.http('GET', '/webhooks')).body.output.webhooks;
    expect(listed.map((w: any) => w.id)).toContain(id);
    expect(JSON.stringify(listed)).not.toContain('pw');
    expect(JSON.stringify(listed)).not.toContain(secret);
    expect((await stack.http('POST', `/webhooks/${id}/test`)).status).toBe(200);
    const [t] = await eventually(async () => nonEmpty(receiver.at('/t')));
    expect(verifies(secret, t)).toBe(true);
    expect(t.headers.authorization).toBe(`Basic ${Buffer.from('me:pw').toString('base64')}`);
    expect((await stack.http('DELETE', `/webhooks/${id}`)).status).toBe(200);
    expect((await stack.http('GET', `/webhooks/${id}`)).status).toBe(404);
    expect((await stack.http('DELETE', `/webhooks/${id}`)).status).toBe(404);
  });

  /** hvctl (the built dist/apps/cli) as a user runs it, with --json: the output it printed. */
  const hvctl = (...args: string[]) =>
    new Promise<{ code: number; out: any; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [join(repoRoot(), 'dist/apps/cli/src/main.js'), '--json', ...args],
        {
          env: {
            PATH: process.env.PATH,
            HVCTL_URL: stack.url,
            HVCTL_ADMIN_TOKEN_FILE: stack.config.TOKEN_PATH,
            HVCTL_TOKEN_CACHE: join(stack.config.DATA_DIR, 'hvctl-tokens.json'),
          },
        },
        (err, stdout, stderr) => {
          let out: unknown = stdout;
          try {
            out = (JSON.parse(stdout) as { output: unknown }).output; // --json: the envelope
          } catch {
            /* not JSON */
          }
          resolve({ code: err ? Number(err.code ?? 1) : 0, out, stderr });
        },
      );
    });

  it('hvctl webhooks: create, list, deliveries, rotate, callback secret, delete', async () => {
    const created = await hvctl(
      'webhooks',
      'create',
      receiver.url('/cli'),
      '--event',
      'operation.failed',
      '--userid',
      'WHCLI01',
    );
    expect(created.code).toBe(0);
    const { id, secret } = created.out;
    expect(secret).toMatch(/^whsec_/);
    expect(created.out).toMatchObject({ events: ['operation.failed'], userids: ['WHCLI01'] });
    const listed = await hvctl('webhooks', 'list');
    expect(listed.out.webhooks.map((w: any) => w.id)).toContain(id);
    expect((await hvctl('webhooks', 'test', id)).code).toBe(0);
    const [t] = await eventually(() => nonEmpty(receiver.at('/cli')));
    expect(verifies(secret, t)).toBe(true);
    const log = await eventually(async () => {
      const l = (await hvctl('webhooks', 'deliveries', id)).out.deliveries;
      return l[0]?.status === 'succeeded' ? l : undefined;
    });
    expect(log[0]).toMatchObject({ event: 'webhook.test', attempts: 1 });
    const rotated = await hvctl('webhooks', 'rotate-secret', id);
    expect(rotated.out.previous_secret).toBe(secret);
    const cb = await hvctl('webhooks', 'callback-secret');
    const cbRotated = await hvctl('webhooks', 'callback-secret', 'rotate');
    expect(cbRotated.out.previous_secret).toBe(cb.out.secret);
    expect((await hvctl('webhooks', 'delete', id)).code).toBe(0);
    const gone = await hvctl('webhooks', 'show', id);
    expect(gone.code).toBe(3); // not found
  });

  it('records a delivery under way before a closing worker lets its database go', async () => {
    const sub = await subscribe('/drain', { events: ['operation.failed'] });
    let arrived = false;
    receiver.answer('/drain', () => {
      arrived = true;
      return new Promise((answer) => setTimeout(() => answer(200), 1500));
    });
    expect((await stack.http('POST', `/webhooks/${sub.id}/test`)).status).toBe(200);
    await eventually(() => Promise.resolve(arrived || undefined));
    // the worker closes (as on SIGTERM) while the receiver holds its answer: the attempt's
    // record needs the database, which must outlive it
    const closed = stack.workerDatabaseClosed();
    await stack.stopWorker();
    const [d] = (await stack.http('GET', `/webhooks/${sub.id}/deliveries`)).body.output.deliveries;
    expect(d).toMatchObject({ event: 'webhook.test', status: 'succeeded', attempts: 1 });
    expect(await closed).toBeGreaterThanOrEqual(Date.parse(d.finished_at));
    await stack.startWorker();
  });
});

const nonEmpty = <T>(a: T[]): Promise<T[] | undefined> => Promise.resolve(a.length ? a : undefined);
