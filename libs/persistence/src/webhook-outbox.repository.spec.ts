import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { loadConfig } from '#config';
import { ok } from '#envelope';
import { OperationsRepository } from './operations.repository.js';
import { PrismaService } from './prisma.service.js';
import { tempPostgres } from './testing/temp-postgres.js';
import { tempSqlite } from './testing/temp-sqlite.js';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import { WebhookOutboxRepository } from './webhook-outbox.repository.js';
import { WebhookSubscriptionsRepository } from './webhook-subscriptions.repository.js';

interface Temp {
  url: string;
  remove(): Promise<void>;
}

const providers: [string, () => Promise<Temp | null>][] = [
  ['SQLite', tempSqlite],
  ['PostgreSQL', () => tempPostgres(process.env.TEST_DATABASE_URL)],
];

/**
 * The outbox trigger (issue #27): the statement that ends an operation writes its outbox row,
 * once per settled status, and only while someone listens. PostgreSQL runs when
 * TEST_DATABASE_URL names a server.
 */
describe.each(providers)('webhook outbox on %s', (_name, make) => {
  let temp: Temp | null;
  let prisma: PrismaService;
  let ops: OperationsRepository;
  let outbox: WebhookOutboxRepository;
  let subs: WebhookSubscriptionsRepository;
  let deliveries: WebhookDeliveriesRepository;

  beforeAll(async () => {
    temp = await make();
    if (!temp) return;
    prisma = new PrismaService(loadConfig({ DATA_DIR: tmpdir(), DATABASE_URL: temp.url }));
    await prisma.onModuleInit();
    ops = new OperationsRepository(prisma);
    outbox = new WebhookOutboxRepository(prisma);
    subs = new WebhookSubscriptionsRepository(prisma);
    deliveries = new WebhookDeliveriesRepository(prisma);
  });

  afterAll(async () => {
    if (!temp) return;
    await prisma.onApplicationShutdown();
    await temp.remove();
  });

  beforeEach(async () => {
    if (!temp) return;
    await prisma.client.webhookSubscription.deleteMany();
    await prisma.client.webhookOutbox.deleteMany();
    await prisma.client.operationCallback.deleteMany();
    await prisma.client.webhookDelivery.deleteMany();
  });

  const newOp = async () => {
    const op = await ops.create({
      id: randomUUID(),
      kind: 'guest.start',
      queue: 'guest-lifecycle',
      target: 'LNX01',
      request: {},
    });
    await ops.markRunning(op.id, 1);
    return op.id;
  };
  const end = (id: string, status: 'succeeded' | 'failed' | 'needs_attention') =>
    ops.finish(id, { status, response: ok(''), httpStatus: 200 });
  const subscribe = () =>
    subs.create({
      id: randomUUID(),
      url: 'https://h.example/',
      events: ['operation.*'],
      kinds: [],
      userids: [],
      secret: 'whsec_x',
    });
  const rows = async () =>
    (await outbox.take(100)).map((e) => `${e.operationId}:${e.status}`).sort();

  it('writes nothing while nobody listens', async () => {
    if (!temp) return;
    const sub = await subscribe();
    await subs.disable(sub.id, 'test');
    await end(await newOp(), 'succeeded');
    expect(await rows()).toEqual([]);
  });

  it('writes one row per settled status in the ending statement, running and repeats none', async () => {
    if (!temp) return;
    await subscribe();
    const a = await newOp();
    expect(await rows()).toEqual([]); // queued → running is no ending
    await end(a, 'succeeded');
    await end(a, 'succeeded'); // a final status never changes: no second row
    const b = await newOp();
    await end(b, 'needs_attention');
    await end(b, 'failed');
    expect(await rows()).toEqual([`${a}:succeeded`, `${b}:needs_attention`, `${b}:failed`].sort());
    const [first] = await outbox.take(1);
    await outbox.done(first);
    expect(await rows()).toHaveLength(2);
    expect(await outbox.oldest()).toBeInstanceOf(Date);
  });

  it('writes the row of an operation with a Callback-URL', async () => {
    if (!temp) return;
    const a = await newOp();
    await outbox.setCallback(a, 'https://ci.example/done');
    await end(a, 'failed');
    expect(await rows()).toEqual([`${a}:failed`]);
    expect(await outbox.callbackOf(a)).toBe('https://ci.example/done');
  });

  it('inserts a delivery once however often it is relayed', async () => {
    if (!temp) return;
    const d = {
      id: `msg_${randomUUID()}`,
      subscriptionId: null,
      operationId: 'op',
      event: 'operation.failed',
      url: 'https://h.example/',
      payload: '{}',
    };
    await deliveries.insertMissing([d]);
    await deliveries.insertMissing([{ ...d, payload: '{"other":1}' }]);
    const [row] = await deliveries.pendingAmong([d.id]);
    expect(row).toMatchObject({ payload: '{}', status: 'pending', attempts: 0 });
    await deliveries.recordAttempt(d.id, {
      attempts: 1,
      status: 'succeeded',
      statusCode: 200,
      error: null,
      latencyMs: 5,
    });
    expect(await deliveries.pendingAmong([d.id])).toEqual([]);
    expect(await deliveries.get(d.id)).toMatchObject({ status: 'succeeded', lastStatusCode: 200 });
  });

  it('prunes ended deliveries with the retention of ended operations, never pending ones', async () => {
    if (!temp) return;
    const base = {
      subscriptionId: 's',
      operationId: 'op',
      event: 'operation.failed',
      url: null,
      payload: '{}',
    };
    const [ended, pending] = [`msg_${randomUUID()}`, `msg_${randomUUID()}`];
    await deliveries.insertMissing([
      { ...base, id: ended },
      { ...base, id: pending },
    ]);
    await deliveries.recordAttempt(ended, {
      attempts: 1,
      status: 'succeeded',
      statusCode: 204,
      error: null,
      latencyMs: 1,
    });
    const future = new Date(Date.now() + 60_000);
    expect(await deliveries.pruneEnded(future, future)).toBe(1);
    expect(await deliveries.get(ended)).toBeNull();
    expect(await deliveries.get(pending)).not.toBeNull();
  });
});
