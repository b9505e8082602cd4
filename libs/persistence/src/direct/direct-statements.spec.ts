import { tmpdir } from 'node:os';
import { loadConfig } from '#config';
import { isUniqueViolation } from '../errors.js';
import { selectByUserid, selectByUserids } from '../guest-statements.js';
import { selectImageByName } from '../image-statements.js';
import { OperationStatsRepository } from '../operation-stats.repository.js';
import {
  compareAndSetSteps,
  finishReturning,
  insertReturning,
  markRunningReturning,
  selectById,
  selectByIdempotencyKey,
  selectByIds,
  selectEndedIds,
} from '../operation-statements.js';
import { PrismaService } from '../prisma.service.js';
import { StatementCounter } from '../statement-counter.js';
import { tempPostgres } from '../testing/temp-postgres.js';
import { tempSqlite } from '../testing/temp-sqlite.js';

interface Temp {
  url: string;
  remove(): Promise<void>;
}

/**
 * The direct statements return exactly what Prisma's model API returns for the same row (dates,
 * nullables, booleans, integers), on both providers. PostgreSQL runs when TEST_DATABASE_URL
 * names a server. Run it under a non-UTC zone too (`TZ=America/New_York`; jest's sandbox cannot
 * set it): a TIMESTAMP read as local time shows only there.
 */
const providers: [string, () => Promise<Temp | null>][] = [
  ['SQLite', tempSqlite],
  ['PostgreSQL', () => tempPostgres(process.env.TEST_DATABASE_URL)],
];

describe.each(providers)('direct statements on %s', (_name, make) => {
  let temp: Temp | null;
  let prisma: PrismaService;
  const counter = new StatementCounter();
  const db = () => prisma.direct;

  beforeAll(async () => {
    temp = await make();
    if (!temp) return;
    prisma = new PrismaService(loadConfig({ DATA_DIR: tmpdir(), DATABASE_URL: temp.url }), counter);
    await prisma.onModuleInit();
  });

  afterAll(async () => {
    if (!temp) return;
    await prisma.onApplicationShutdown();
    await temp.remove();
  });

  /** Skips (with a note) where the provider is not available. */
  const run = (title: string, fn: () => Promise<void>) =>
    it(title, async () => {
      if (!temp) return console.warn(`skipped: TEST_DATABASE_URL names no PostgreSQL server`);
      await fn();
    });

  const prismaOp = (id: string) => prisma.client.operation.findUniqueOrThrow({ where: { id } });

  run('reads an operation with every column set as Prisma does', async () => {
    const full = {
      id: 'op-full',
      kind: 'guest.start',
      queue: 'guest-power',
      target: 'LINUX01',
      status: 'succeeded',
      request: '{"userid":"LINUX01"}',
      steps: '[{"name":"a","startedAt":"2026-01-02T03:04:05.006Z"}]',
      progress: 100,
      response: '{"overallRC":0}',
      httpStatus: 200,
      attempts: 3,
      idempotencyKey: 'key-full',
      requestHash: 'hash',
      requestedBy: 'token:0123456789ab',
      clientAddress: '192.0.2.7',
      userAgent: 'curl/8.5.0',
      requestId: 'req-full',
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      createdAt: new Date('2026-01-02T03:04:05.006Z'),
      startedAt: new Date('2026-01-02T03:04:06.000Z'),
      finishedAt: new Date('2026-12-31T23:59:59.999Z'),
    };
    await prisma.client.operation.create({ data: full });
    const expected = await prismaOp('op-full');
    expect(await selectById(db(), 'op-full')).toEqual(expected);
    expect(await selectByIdempotencyKey(db(), 'key-full')).toEqual(expected);
    expect(expected).toMatchObject(full);
  });

  run('reads an operation with every nullable column null as Prisma does', async () => {
    await prisma.client.operation.create({
      data: { id: 'op-null', kind: 'k', queue: 'q', status: 'queued', request: '{}' },
    });
    const read = await selectById(db(), 'op-null');
    expect(read).toEqual(await prismaOp('op-null'));
    expect(read).toMatchObject({ target: null, response: null, httpStatus: null });
    expect(read).toMatchObject({ idempotencyKey: null, startedAt: null, finishedAt: null });
    expect(read).toMatchObject({ requestedBy: null, clientAddress: null, userAgent: null });
    expect(read).toMatchObject({ requestId: null, traceId: null });
    expect(await selectById(db(), 'missing')).toBeNull();
    expect(await selectByIdempotencyKey(db(), 'missing')).toBeNull();
  });

  run('reads many operations, or which of them ended, in one statement', async () => {
    const full = await prismaOp('op-full');
    const queued = await prismaOp('op-null');
    const read = await selectByIds(db(), ['op-null', 'missing', 'op-full']);
    expect(read.sort((a, b) => a.id.localeCompare(b.id))).toEqual([full, queued]);
    // op-full succeeded, op-null is queued
    expect(await selectEndedIds(db(), ['op-null', 'missing', 'op-full'])).toEqual(['op-full']);
    expect(await selectByIds(db(), ['missing'])).toEqual([]);
  });

  run('inserts what Prisma then reads back, with the column defaults', async () => {
    const ins = { id: 'op-ins', kind: 'k', queue: 'q', status: 'queued', request: '{"a":1}' };
    const audit = {
      requestedBy: 'admin',
      clientAddress: '::1',
      userAgent: 'hvctl',
      requestId: 'req-ins',
      traceId: null,
    };
    const made = await insertReturning(db(), {
      ...ins,
      target: null,
      idempotencyKey: 'key-ins',
      requestHash: null,
      ...audit,
    });
    expect(made).toEqual(await prismaOp('op-ins'));
    expect(made).toMatchObject(audit);
    expect(made).toMatchObject({ ...ins, steps: '[]', progress: 0, attempts: 0 });
    expect(made.createdAt).toEqual(made.updatedAt);
    // Prisma's own comparisons still order the dates written here
    const older = await prisma.client.operation.findMany({
      where: { id: 'op-ins', createdAt: { lt: new Date(made.createdAt.getTime() + 1) } },
    });
    expect(older).toHaveLength(1);
  });

  run('a taken id or idempotency key is a unique violation', async () => {
    const op = { kind: 'k', queue: 'q', status: 'queued', request: '{}', target: null };
    await insertReturning(db(), { ...op, id: 'op-u', idempotencyKey: 'key-u', requestHash: null });
    const again = (id: string, key: string | null) =>
      insertReturning(db(), { ...op, id, idempotencyKey: key, requestHash: null }).then(
        () => 'inserted',
        (e: unknown) => (isUniqueViolation(e) ? 'unique' : e),
      );
    expect(await again('op-u', null)).toBe('unique');
    expect(await again('op-u2', 'key-u')).toBe('unique');
  });

  run('updates as compare-and-set and returns the row Prisma then reads', async () => {
    await prisma.client.operation.create({
      data: { id: 'op-run', kind: 'k', queue: 'q', status: 'queued', request: '{}' },
    });
    const running = await markRunningReturning(db(), 'op-run', 2, ['queued', 'running']);
    expect(running).toEqual(await prismaOp('op-run'));
    expect(running).toMatchObject({ status: 'running', attempts: 2 });
    expect(running?.startedAt).toBeInstanceOf(Date);
    expect(await markRunningReturning(db(), 'op-run', 3, ['queued'])).toBeNull();

    expect(await compareAndSetSteps(db(), 'op-run', '[]', '[{"name":"s"}]')).toBe(true);
    expect(await compareAndSetSteps(db(), 'op-run', '[]', '[{"name":"t"}]')).toBe(false);

    const fields = { status: 'failed', response: '{"overallRC":1}', httpStatus: 500 };
    const failed = await finishReturning(db(), 'op-run', { ...fields, complete: false }, [
      'running',
    ]);
    expect(failed).toEqual(await prismaOp('op-run'));
    expect(failed).toMatchObject({ ...fields, progress: 0, steps: '[{"name":"s"}]' });
    expect(failed?.finishedAt).toBeInstanceOf(Date);
    const twice = { ...fields, status: 'succeeded', complete: true };
    expect(await finishReturning(db(), 'op-run', twice, ['running'])).toBeNull();
  });

  run('reads guests as Prisma does, one or many', async () => {
    await prisma.client.guest.create({
      data: { userid: 'G1', metadata: 'os=rhel', netSet: 2, comments: '{"a":1}', migrated: true },
    });
    await prisma.client.guest.create({ data: { userid: 'G2' } });
    const [g1, g2] = await Promise.all(
      ['G1', 'G2'].map((userid) => prisma.client.guest.findUniqueOrThrow({ where: { userid } })),
    );
    expect(await selectByUserid(db(), 'G1')).toEqual(g1);
    expect(await selectByUserid(db(), 'G2')).toEqual(g2);
    expect(g1).toMatchObject({ migrated: true, netSet: 2 });
    expect(g2).toMatchObject({ migrated: false, netSet: 0 });
    expect(await selectByUserid(db(), 'G3')).toBeNull();
    const many = await selectByUserids(db(), ['G2', 'G3', 'G1']);
    expect(many.sort((a, b) => a.userid.localeCompare(b.userid))).toEqual([g1, g2]);
  });

  run('reads images as Prisma does, comments set or null', async () => {
    const image = {
      imageosdistro: 'rhel9.0',
      md5sum: 'c0ffee',
      diskSizeUnits: '3338:CYL',
      imageSizeInBytes: '123456',
      type: 'rootonly',
    };
    await prisma.client.image.create({
      data: { ...image, imagename: 'img-c', comments: "{'disk_type': 'DASD'}" },
    });
    await prisma.client.image.create({ data: { ...image, imagename: 'img-n' } });
    for (const imagename of ['img-c', 'img-n']) {
      const expected = await prisma.client.image.findUniqueOrThrow({ where: { imagename } });
      expect(await selectImageByName(db(), imagename)).toEqual(expected);
    }
    expect(await selectImageByName(db(), 'img-n')).toMatchObject({ ...image, comments: null });
    expect(await selectImageByName(db(), 'IMG-C')).toBeNull(); // names match exactly
    expect(await selectImageByName(db(), 'missing')).toBeNull();
  });

  run("counts operations by kind and status as Prisma's groupBy does", async () => {
    const grouped = await prisma.client.operation.groupBy({
      by: ['kind', 'status'],
      _count: { _all: true },
      orderBy: [{ kind: 'asc' }, { status: 'asc' }],
    });
    const counts = await new OperationStatsRepository(prisma).countByKindAndStatus();
    const expected = grouped.map(({ kind, status, _count }) => ({
      kind,
      status,
      count: _count._all,
    }));
    expect(counts).toEqual(expected);
    expect(counts.length).toBeGreaterThan(1);
  });

  run('does not write into a Prisma interactive transaction that rolls back', async () => {
    await prisma.client.operation.create({
      data: { id: 'op-tx', kind: 'k', queue: 'q', status: 'queued', request: '{}' },
    });
    let write: Promise<boolean> | undefined;
    const rolledBack = prisma.client.$transaction(async (tx) => {
      await tx.guest.create({ data: { userid: 'TXG' } });
      // another job's step write while this transaction is open (not awaited here)
      write = compareAndSetSteps(db(), 'op-tx', '[]', '[{"name":"kept"}]');
      await new Promise((r) => setTimeout(r, 20));
      await tx.guest.findMany();
      throw new Error('roll back');
    });
    await expect(rolledBack).rejects.toThrow('roll back');
    expect(await write).toBe(true);
    expect((await prismaOp('op-tx')).steps).toBe('[{"name":"kept"}]');
    expect(await prisma.client.guest.findUnique({ where: { userid: 'TXG' } })).toBeNull();
  });

  run("keeps Prisma's own writes out of another caller's transaction that rolls back", async () => {
    let write: Promise<unknown> | undefined;
    const rolledBack = prisma.client.$transaction(async (tx) => {
      await tx.guest.create({ data: { userid: 'TXA' } });
      // another request's write through the model API while this transaction is open
      // (then() sends it now: a Prisma query is lazy until then)
      write = prisma.client.guest.create({ data: { userid: 'TXB' } }).then((g) => g);
      await new Promise((r) => setTimeout(r, 20));
      await tx.guest.findMany();
      throw new Error('roll back');
    });
    await expect(rolledBack).rejects.toThrow('roll back');
    await write;
    expect(await prisma.client.guest.findUnique({ where: { userid: 'TXB' } })).not.toBeNull();
    expect(await prisma.client.guest.findUnique({ where: { userid: 'TXA' } })).toBeNull();
  });

  run(
    'reconnects after the service closed, as Prisma does (a job finishing during shutdown)',
    async () => {
      await prisma.client.operation.create({
        data: { id: 'op-late', kind: 'k', queue: 'q', status: 'queued', request: '{}' },
      });
      await prisma.onApplicationShutdown();
      expect(await selectById(db(), 'op-late')).toMatchObject({ id: 'op-late' });
      expect(await prismaOp('op-late')).toMatchObject({ id: 'op-late' });
    },
  );

  run('counts each statement', async () => {
    const before = counter.statements;
    await selectById(db(), 'missing');
    await compareAndSetSteps(db(), 'missing', '[]', '[]');
    expect(counter.statements - before).toBe(2);
  });
});
