import { eventually } from '../support/http.js';
import { TestStack } from '../support/stack.js';
import { type Received, WebhookReceiver, verifies } from '../support/webhook-receiver.js';

/**
 * Webhook deliveries through failures (issue #27): a receiver that is down, one that answers
 * 500 first, one that refuses with a 4xx, and worker processes killed with -9 between an
 * operation's end and its delivery, or while a delivery is in flight.
 */
describe('faults: webhook delivery', () => {
  let stack: TestStack;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    stack = await TestStack.start({
      worker: 'process',
      env: {
        WEBHOOK_HOSTS: '127.0.0.1',
        WEBHOOK_BACKOFF_BASE_MS: '250',
        WEBHOOK_BACKOFF_MAX_MS: '2000',
        WEBHOOK_RETRY_WINDOW_S: '120',
        WEBHOOK_RELAY_INTERVAL_MS: '200',
        WEBHOOK_TIMEOUT_MS: '2000',
        WORKER_LOCK_S: '2',
        SHUTDOWN_GRACE_S: '2',
      },
    });
  });
  afterAll(async () => {
    await stack.close();
    await receiver.down();
  });

  const subscribe = async (path: string, userids: string[]) => {
    const res = await stack.http('POST', '/webhooks', {
      body: { webhook: { url: receiver.url(path), events: ['operation.*'], userids } },
    });
    expect(res.status).toBe(200);
    return res.body.output as { id: string; secret: string };
  };
  const createGuest = async (userid: string): Promise<string> => {
    const res = await stack.http('POST', '/guests', {
      body: { guest: { userid, vcpus: 1, memory: 512 } },
      headers: { prefer: 'respond-async' },
    });
    expect(res.status).toBe(202);
    return res.body.output.id as string;
  };
  const opId = (r: Received): string => (JSON.parse(r.body) as { id: string }).id;
  const log = async (sub: string) =>
    (await stack.http('GET', `/webhooks/${sub}/deliveries`)).body.output.deliveries as any[];
  const atLeast = (path: string, n: number) => () =>
    Promise.resolve(receiver.at(path).length >= n ? receiver.at(path) : undefined);
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('delivers everything once a receiver that was down for 30 s returns', async () => {
    const guests = Array.from({ length: 10 }, (_, i) => `WHDN${String(i).padStart(2, '0')}`);
    const sub = await subscribe('/down', guests);
    await receiver.down();
    const ids = await Promise.all(guests.map(createGuest));
    await sleep(30_000);
    expect(receiver.at('/down')).toHaveLength(0);
    const pending = await log(sub.id);
    expect(pending.every((d) => d.status === 'pending' && d.attempts > 1)).toBe(true);
    await receiver.up();
    const got = await eventually(atLeast('/down', 10), 30_000, 'deliveries after the outage');
    expect(new Set(got.map(opId))).toEqual(new Set(ids));
    expect(got.every((r) => verifies(sub.secret, r))).toBe(true);
    await eventually(async () =>
      (await log(sub.id)).every((d) => d.status === 'succeeded') ? true : undefined,
    );
  }, 120_000);

  it('retries a 500 and logs one success', async () => {
    const sub = await subscribe('/flaky', ['WHFL01']);
    const seen = new Set<string>();
    receiver.answer('/flaky', (r) => (seen.has(r.id) ? 200 : (seen.add(r.id), 500)));
    await createGuest('WHFL01');
    const [first, second] = await eventually(atLeast('/flaky', 2));
    expect([first.status, second.status]).toEqual([500, 200]);
    expect(second.id).toBe(first.id);
    expect(verifies(sub.secret, second)).toBe(true);
    const [entry] = await eventually(async () => {
      const l = await log(sub.id);
      return l[0]?.status === 'succeeded' ? l : undefined;
    });
    expect(entry).toMatchObject({ attempts: 2, last_status_code: 200, last_error: null });
  });

  it('ends a delivery the receiver refuses with a 4xx, without retrying', async () => {
    const sub = await subscribe('/gone', ['WHGN01']);
    receiver.answer('/gone', () => 410);
    await createGuest('WHGN01');
    await eventually(atLeast('/gone', 1));
    const [entry] = await eventually(async () => {
      const l = await log(sub.id);
      return l[0]?.status === 'failed' ? l : undefined;
    });
    expect(entry).toMatchObject({ attempts: 1, last_status_code: 410 });
    await sleep(1500);
    expect(receiver.at('/gone')).toHaveLength(1);
  });

  it('delivers an ending whose worker was killed before relaying it', async () => {
    const sub = await subscribe('/kill', ['WHKL01']);
    // a worker that relays only when it starts: the ending stays in the outbox
    await stack.stopWorkerProcess();
    await stack.startWorkerProcess({ WEBHOOK_RELAY_INTERVAL_MS: '3600000' });
    const id = await createGuest('WHKL01');
    await eventually(async () => {
      const op = await stack.http('GET', `/operations/${id}`);
      return op.body.output.status === 'succeeded' ? true : undefined;
    });
    await sleep(1000);
    expect(receiver.at('/kill')).toHaveLength(0);
    await stack.killWorkerProcess();
    await stack.startWorkerProcess();
    const got = await eventually(atLeast('/kill', 1));
    expect(opId(got[0])).toBe(id);
    expect(verifies(sub.secret, got[0])).toBe(true);
    await sleep(1000);
    expect(new Set(receiver.at('/kill').map((r) => r.id)).size).toBe(1);
  });

  it('sends again, with the same webhook-id, a delivery whose worker died in flight', async () => {
    const sub = await subscribe('/inflight', ['WHIF01']);
    const hung: string[] = [];
    receiver.answer('/inflight', (r) => (hung.length ? 200 : (hung.push(r.id), 'hang')));
    const id = await createGuest('WHIF01');
    await eventually(() => Promise.resolve(hung.length ? true : undefined));
    await stack.killWorkerProcess();
    await stack.startWorkerProcess();
    const [r] = await eventually(atLeast('/inflight', 1), 30_000, 'the delivery sent again');
    expect(r.id).toBe(hung[0]);
    expect(opId(r)).toBe(id);
    expect(verifies(sub.secret, r)).toBe(true);
  }, 60_000);

  it('disables a subscription whose deliveries keep failing', async () => {
    await stack.stopWorkerProcess();
    await stack.startWorkerProcess({ WEBHOOK_DISABLE_AFTER_S: '2' });
    const sub = await subscribe('/broken', ['WHBR01']);
    receiver.answer('/broken', () => 503);
    await createGuest('WHBR01');
    const disabled = await eventually(async () => {
      const s = (await stack.http('GET', `/webhooks/${sub.id}`)).body.output;
      return s.enabled ? undefined : s;
    });
    expect(disabled.disabled_reason).toMatch(/failed since/);
    expect(disabled.failing_since).not.toBeNull();
    const [entry] = await log(sub.id);
    expect(entry.status).toBe('failed');
  }, 60_000);
});
