import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { loadConfig } from '#config';
import { isUniqueViolation } from '../errors.js';
import { insertReturning, type OperationInsert, selectById } from '../operation-statements.js';
import { PrismaService } from '../prisma.service.js';
import { StatementCounter } from '../statement-counter.js';
import { type TempSqlite, tempSqlite } from '../testing/temp-sqlite.js';

const op = (id: string, idempotencyKey: string | null = null): OperationInsert => ({
  id,
  kind: 'guest.start',
  queue: 'guest-power',
  target: 'LINUX01',
  status: 'queued',
  request: '{}',
  idempotencyKey,
  requestHash: null,
});

/** Statements sent in one turn of the event loop are committed together (sqlite-together.ts). */
describe('SQLite statements gathered into one transaction', () => {
  let temp: TempSqlite;
  let prisma: PrismaService;
  const counter = new StatementCounter();
  /** A second connection to the file, as the other process (api or worker) has. */
  let other: Database.Database;

  beforeAll(async () => {
    temp = await tempSqlite();
    prisma = new PrismaService(loadConfig({ DATA_DIR: tmpdir(), DATABASE_URL: temp.url }), counter);
    await prisma.onModuleInit();
    await selectById(prisma.direct, 'none'); // opens the service's connection (WAL mode)
    other = new Database(join(temp.dir, 'test.db'));
  });

  afterAll(async () => {
    other.close();
    await prisma.onApplicationShutdown();
    await temp.remove();
  });

  /** Pages appended to the write-ahead log since it was last emptied. */
  const walFrames = () => (other.pragma('wal_checkpoint(PASSIVE)') as { log: number }[])[0].log;
  const emptyWal = () => other.pragma('wal_checkpoint(TRUNCATE)');

  it('writes the pages of statements sent at once one time, not once per statement', async () => {
    emptyWal();
    for (let i = 0; i < 20; i++) await insertReturning(prisma.direct, op(`one-by-one-${i}`));
    const apart = walFrames();
    emptyWal();
    const ids = Array.from({ length: 20 }, (_, i) => `at-once-${i}`);
    const made = await Promise.all(ids.map((id) => insertReturning(prisma.direct, op(id))));
    const together = walFrames();
    expect(made.map((m) => m.id)).toEqual(ids);
    for (const id of ids) expect(await selectById(prisma.direct, id)).toMatchObject({ id });
    // each insert alone appends the table's page and one page per index (a commit each)
    expect(apart).toBeGreaterThanOrEqual(20 * 5);
    expect(together).toBeLessThan(apart / 5);
  });

  it('commits at most 64 in one transaction, and every one waiting in the same turn', async () => {
    const before = counter.statements;
    const ids = Array.from({ length: 200 }, (_, i) => `flood-${i}`);
    let done = 0;
    const all = Promise.all(
      ids.map((id) => insertReturning(prisma.direct, op(id)).then(() => done++)),
    );
    // the turn the statements were sent in, and the next, where they run: one transaction a
    // turn (64, then 64 …) left requests queued behind each other through a burst
    for (let turn = 0; turn < 2; turn++) await new Promise((r) => setImmediate(r));
    expect(done).toBe(200);
    await all;
    // 200 inserts, and BEGIN and COMMIT for each of four transactions (64, 64, 64, 8)
    expect(counter.statements - before).toBe(200 + 4 * 2);
  });

  it('gives a failing statement its own error and the others their results', async () => {
    await insertReturning(prisma.direct, op('first', 'key-taken'));
    const sent = [
      insertReturning(prisma.direct, op('beside-1')),
      insertReturning(prisma.direct, op('duplicate', 'key-taken')),
      insertReturning(prisma.direct, op('beside-2')),
    ];
    const [a, dup, b] = await Promise.allSettled(sent);
    expect(a).toMatchObject({ status: 'fulfilled', value: { id: 'beside-1' } });
    expect(b).toMatchObject({ status: 'fulfilled', value: { id: 'beside-2' } });
    expect(dup.status).toBe('rejected');
    expect(isUniqueViolation((dup as PromiseRejectedResult).reason)).toBe(true);
    expect(await selectById(prisma.direct, 'beside-1')).not.toBeNull();
    expect(await selectById(prisma.direct, 'duplicate')).toBeNull();
  });

  it('waits while the other process holds the write lock, then commits them all', async () => {
    other.exec('BEGIN IMMEDIATE');
    const ids = ['locked-1', 'locked-2', 'locked-3'];
    const sent = Promise.all(ids.map((id) => insertReturning(prisma.direct, op(id))));
    await new Promise((r) => setTimeout(r, 30));
    const stored = other.prepare(`SELECT count(*) AS n FROM operations WHERE id LIKE 'locked-%'`);
    expect(stored.get()).toEqual({ n: 0 }); // none written while the lock is held
    other.exec('COMMIT');
    expect((await sent).map((m) => m.id)).toEqual(ids);
  });
});
