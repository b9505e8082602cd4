import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { loadConfig } from '#config';
import { PrismaService } from '../prisma.service.js';
import { tempSqlite, type TempSqlite } from '../testing/temp-sqlite.js';

/**
 * The api and a worker are two processes writing one SQLite file; each write waits while the
 * other holds the write lock. SQLite's own busy timeout waits by sleeping inside the statement,
 * and better-sqlite3's statements are synchronous: the whole process stood still, 1–5 ms at a
 * time under load (docs/decisions/0009). Here the lock is held by another connection
 * (as the other process would) while this process's statements wait for it.
 */
describe('SQLite statements while another process holds the write lock', () => {
  let db: TempSqlite;
  let service: PrismaService;
  let other: Database.Database;

  beforeAll(async () => {
    db = await tempSqlite();
    service = new PrismaService(loadConfig({ DATA_DIR: tmpdir(), DATABASE_URL: db.url }));
    await service.onModuleInit();
    other = new Database(join(db.dir, 'test.db'));
  });

  afterAll(async () => {
    other.close();
    await service.onApplicationShutdown();
    await db.remove();
  });

  it('wait without holding the event loop, then run once the lock is free', async () => {
    other.exec('BEGIN IMMEDIATE');
    const ticks: number[] = [];
    const timer = setInterval(() => ticks.push(Date.now()), 5);
    // Prisma's own statements, a direct one and a transaction all wait
    const created = service.client.fcpDevice.create({ data: { fcpId: '1b00' } });
    const direct = service.direct.run(
      'UPDATE "fcp" SET "connections" = "connections" + 1 WHERE "fcp_id" = $1',
      ['1b00'],
    );
    const inTransaction = service.client.$transaction((tx) =>
      tx.fcpDevice.create({ data: { fcpId: '1b01' } }),
    );
    await new Promise((r) => setTimeout(r, 200));
    const whileHeld = ticks.length;
    other.exec('COMMIT');
    await Promise.all([created, direct, inTransaction]);
    clearInterval(timer);
    // ticks every 5 ms over 200 ms; a loop that stood still ticks at most once (not a timing bar:
    // a loaded machine may run it rarely, but not never)
    expect(whileHeld).toBeGreaterThan(2);
    const rows = await service.client.fcpDevice.findMany({ orderBy: { fcpId: 'asc' } });
    expect(rows.map((r) => r.fcpId)).toEqual(['1b00', '1b01']);
  });
});
