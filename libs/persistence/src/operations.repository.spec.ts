import { randomUUID } from 'node:crypto';
import { loadConfig } from '#config';
import { ok } from '#envelope';
import { DuplicateRecordError, InvalidCursorError, RunSupersededError } from './errors.js';
import { OperationsRepository } from './operations.repository.js';
import { PrismaService } from './prisma.service.js';
import { tempSqlite, type TempSqlite } from './testing/temp-sqlite.js';

describe('OperationsRepository (SQLite)', () => {
  let db: TempSqlite;
  let prisma: PrismaService;
  let ops: OperationsRepository;

  const newOp = (over: Partial<Parameters<OperationsRepository['create']>[0]> = {}) =>
    ops.create({
      id: randomUUID(),
      kind: 'guest.create',
      queue: 'guest-lifecycle',
      target: 'linux01',
      request: { userid: 'LINUX01', vcpus: 1 },
      ...over,
    });

  beforeAll(async () => {
    db = await tempSqlite();
    prisma = new PrismaService(loadConfig({ DATA_DIR: db.dir, DATABASE_URL: db.url }));
    await prisma.onModuleInit();
    ops = new OperationsRepository(prisma);
  });

  afterAll(async () => {
    await prisma.onApplicationShutdown();
    await db.remove();
  });

  beforeEach(async () => {
    await prisma.client.operation.deleteMany();
  });

  it('creates a queued operation and reads it back parsed', async () => {
    const op = await newOp({ idempotencyKey: 'k1', requestHash: 'h1' });
    expect(op).toMatchObject({
      kind: 'guest.create',
      target: 'LINUX01',
      status: 'queued',
      request: { userid: 'LINUX01', vcpus: 1 },
      steps: [],
      progress: 0,
      response: null,
      httpStatus: null,
      attempts: 0,
      startedAt: null,
      finishedAt: null,
    });
    expect(op.createdAt).toBeInstanceOf(Date);
    expect(await ops.get(op.id)).toEqual(op);
    expect(await ops.findByIdempotencyKey('k1')).toEqual(op);
    expect(await ops.findByIdempotencyKey('k2')).toBeNull();
    expect(await ops.get('missing')).toBeNull();
  });

  it('tells which of many operations have ended', async () => {
    const a = await newOp();
    const b = await newOp();
    await ops.finish(b.id, { status: 'failed', response: ok(), httpStatus: 500 });
    const many = [a.id, b.id, ...Array.from({ length: 1200 }, (_, i) => `none-${i}`)];
    expect(await ops.endedAmong(many)).toEqual([b.id]);
  });

  it('reads many operations at once, more ids than one statement takes', async () => {
    const a = await newOp();
    const b = await newOp();
    const many = [...Array.from({ length: 1200 }, (_, i) => `none-${i}`), b.id, a.id];
    const read = await ops.getMany(many);
    expect(read.map((r) => r.id).sort()).toEqual([a.id, b.id].sort());
    expect(read.find((r) => r.id === a.id)).toEqual(await ops.get(a.id));
  });

  it('prunes ended operations past their retention, failed ones later', async () => {
    const done = await newOp();
    const failed = await newOp();
    const running = await newOp();
    await ops.finish(done.id, { status: 'succeeded', response: ok(), httpStatus: 200 });
    await ops.finish(failed.id, { status: 'failed', response: ok(), httpStatus: 500 });
    await ops.markRunning(running.id, 1);
    const past = new Date(Date.now() - 1000);
    const future = new Date(Date.now() + 60_000);
    expect(await ops.pruneEnded(past, past)).toBe(0);
    expect(await ops.pruneEnded(future, past)).toBe(1);
    expect(await ops.get(done.id)).toBeNull();
    expect(await ops.pruneEnded(future, future)).toBe(1);
    expect(await ops.get(failed.id)).toBeNull();
    expect(await ops.get(running.id)).not.toBeNull();
  });

  it('releases an idempotency key', async () => {
    const op = await newOp({ idempotencyKey: 'old' });
    await ops.releaseIdempotencyKey(op.id);
    expect(await ops.findByIdempotencyKey('old')).toBeNull();
    expect(await newOp({ idempotencyKey: 'old' })).toMatchObject({ idempotencyKey: 'old' });
  });

  it('raises DuplicateRecordError for a reused idempotency key', async () => {
    await newOp({ idempotencyKey: 'same' });
    await expect(newOp({ idempotencyKey: 'same' })).rejects.toBeInstanceOf(DuplicateRecordError);
  });

  it('marks attempts running, keeping the first start time', async () => {
    const { id } = await newOp();
    const first = await ops.markRunning(id, 1);
    expect(first).toMatchObject({ status: 'running', attempts: 1 });
    expect(first?.startedAt).toBeInstanceOf(Date);
    expect(await ops.requeue(id)).toBe(true);
    expect((await ops.get(id))?.status).toBe('queued');
    const second = await ops.markRunning(id, 2);
    expect(second).toMatchObject({ status: 'running', attempts: 2, startedAt: first?.startedAt });
  });

  it('does not run an operation that is already final', async () => {
    const { id } = await newOp();
    await ops.finish(id, { status: 'cancelled', response: ok(), httpStatus: 200 });
    expect(await ops.markRunning(id, 1)).toBeNull();
    expect(await ops.requeue(id)).toBe(false);
    expect(await ops.markRunning('missing', 1)).toBeNull();
  });

  it('appends steps and updates the last one of the same name', async () => {
    const { id } = await newOp();
    await ops.appendStep(id, { name: 'define', startedAt: 't0' });
    await ops.appendStep(id, { name: 'define', startedAt: 't0', endedAt: 't1', result: 'ok' });
    await ops.appendStep(id, { name: 'disks', startedAt: 't1', result: 'failed', rc: 4, rs: 8 });
    expect((await ops.get(id))?.steps).toEqual([
      { name: 'define', startedAt: 't0', endedAt: 't1', result: 'ok' },
      { name: 'disks', startedAt: 't1', result: 'failed', rc: 4, rs: 8 },
    ]);
    expect(await ops.appendStep('missing', { name: 'x', startedAt: 't' })).toBeNull();
  });

  it('appends a step against the steps last seen, or merges into newer ones', async () => {
    const { id } = await newOp();
    const seen = await ops.appendStep(id, { name: 'define', startedAt: 't0' }, []);
    expect(seen).toEqual([{ name: 'define', startedAt: 't0' }]);
    // someone else recorded a step meanwhile: the write against stale steps merges, losing none
    await ops.appendStep(id, { name: 'other', startedAt: 't1' });
    const ended = { name: 'define', startedAt: 't0', endedAt: 't2', result: 'ok' } as const;
    await ops.appendStep(id, ended, seen!);
    expect((await ops.get(id))?.steps).toEqual([
      { name: 'define', startedAt: 't0' },
      { name: 'other', startedAt: 't1' },
      ended,
    ]);
    expect(await ops.appendStep('missing', { name: 'x', startedAt: 't' }, [])).toBeNull();
  });

  it("records a run's steps only while that run owns the operation", async () => {
    const { id } = await newOp();
    await ops.markRunning(id, 1);
    const seen = await ops.appendStep(id, { name: 'define', startedAt: 't0' }, [], 1);
    expect(seen).toEqual([{ name: 'define', startedAt: 't0' }]);
    // a second delivery of the job marks it running: the first run's writes are refused,
    // against the steps it saw and against fresh ones alike
    await ops.markRunning(id, 2);
    const ended = { name: 'define', startedAt: 't0', endedAt: 't1', result: 'ok' } as const;
    await expect(ops.appendStep(id, ended, seen!, 1)).rejects.toBeInstanceOf(RunSupersededError);
    await expect(ops.appendStep(id, ended, [], 1)).rejects.toBeInstanceOf(RunSupersededError);
    expect((await ops.get(id))?.steps).toEqual([{ name: 'define', startedAt: 't0' }]);
    // the run that owns it records
    expect(await ops.appendStep(id, ended, seen!, 2)).toEqual([ended]);
  });

  it('writes rows that read back the same, each write moving updatedAt', async () => {
    const { id, updatedAt: created } = await newOp();
    const later = (d: Date | undefined) => expect(d!.getTime()).toBeGreaterThan(created.getTime());
    await new Promise((r) => setTimeout(r, 5)); // a later millisecond than the insert
    const running = await ops.markRunning(id, 1);
    expect(running).toEqual(await ops.get(id));
    later(running?.updatedAt);
    await ops.markRunning(id, 2);
    const stepped = await ops.appendStep(id, { name: 'a', startedAt: 't0' }, []);
    const read = await ops.get(id);
    expect(read?.steps).toEqual(stepped);
    expect(read?.startedAt).toEqual(running?.startedAt);
    later(read?.updatedAt);
    const done = await ops.finish(id, { status: 'failed', response: ok(), httpStatus: 500 });
    expect(done).toEqual(await ops.get(id));
    expect(done).toMatchObject({ status: 'failed', progress: 0, httpStatus: 500, attempts: 2 });
  });

  it('clamps progress to 0..100', async () => {
    const { id } = await newOp();
    expect(await ops.setProgress(id, 140.2)).toBe(true);
    expect((await ops.get(id))?.progress).toBe(100);
    await ops.setProgress(id, 33.6);
    expect((await ops.get(id))?.progress).toBe(34);
    expect(await ops.setProgress('missing', 1)).toBe(false);
  });

  it('finishes once: envelope, status, time; a final status never changes', async () => {
    const { id } = await newOp();
    const done = await ops.finish(id, {
      status: 'succeeded',
      response: ok({ a: 1 }),
      httpStatus: 200,
    });
    expect(done).toMatchObject({ status: 'succeeded', progress: 100, httpStatus: 200 });
    expect(done?.response).toEqual(ok({ a: 1 }));
    expect(done?.finishedAt).toBeInstanceOf(Date);
    expect(await ops.finish(id, { status: 'failed', response: ok(), httpStatus: 500 })).toBeNull();
    expect((await ops.get(id))?.status).toBe('succeeded');
  });

  describe('list', () => {
    const at = new Date('2026-01-01T00:00:00.000Z');
    beforeEach(async () => {
      // Ten rows, pairs sharing a timestamp so paging must break ties by id.
      await prisma.client.operation.createMany({
        data: Array.from({ length: 10 }, (_, i) => ({
          id: `op-${i}`,
          kind: i % 2 ? 'guest.delete' : 'guest.create',
          queue: 'guest-lifecycle',
          target: i < 6 ? 'A' : 'B',
          status: i < 3 ? 'failed' : 'succeeded',
          request: '{}',
          createdAt: new Date(at.getTime() + Math.floor(i / 2) * 1000),
        })),
      });
    });

    it('pages newest first through every row exactly once', async () => {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await ops.list({ limit: 3, cursor });
        seen.push(...page.items.map((o) => o.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(seen).toEqual([
        'op-9',
        'op-8',
        'op-7',
        'op-6',
        'op-5',
        'op-4',
        'op-3',
        'op-2',
        'op-1',
        'op-0',
      ]);
    });

    it('filters by target (any case), status and kind', async () => {
      const ids = async (q: Parameters<OperationsRepository['list']>[0]) =>
        (await ops.list(q)).items.map((o) => o.id);
      expect(await ids({ limit: 50, target: 'b' })).toEqual(['op-9', 'op-8', 'op-7', 'op-6']);
      expect(await ids({ limit: 50, status: 'failed' })).toEqual(['op-2', 'op-1', 'op-0']);
      expect(await ids({ limit: 50, status: ['failed'], kind: 'guest.delete' })).toEqual(['op-1']);
      expect((await ops.list({ limit: 50 })).nextCursor).toBeNull();
    });

    it('rejects a cursor it did not make', async () => {
      await expect(ops.list({ limit: 5, cursor: 'bogus' })).rejects.toBeInstanceOf(
        InvalidCursorError,
      );
    });
  });
});
