import { tmpdir } from 'node:os';
import { loadConfig } from '#config';
import { PrismaService } from '../prisma.service.js';
import { tempSqlite, type TempSqlite } from '../testing/temp-sqlite.js';

/**
 * Issue #23.3 at its root: two connections to one SQLite file (as the api and a worker have),
 * each running interactive transactions that read a row and then write it, interleaved. Begun
 * DEFERRED, the one whose snapshot went stale failed at once with SQLITE_BUSY(_SNAPSHOT).
 */
describe('SQLite interactive transactions across connections', () => {
  let db: TempSqlite;
  let api: PrismaService;
  let worker: PrismaService;

  beforeAll(async () => {
    db = await tempSqlite();
    const config = loadConfig({ DATA_DIR: tmpdir(), DATABASE_URL: db.url });
    api = new PrismaService(config);
    worker = new PrismaService(config);
    await api.onModuleInit();
    await worker.onModuleInit();
    await api.client.fcpDevice.create({ data: { fcpId: '1a00' } });
  });

  afterAll(async () => {
    await api.onApplicationShutdown();
    await worker.onApplicationShutdown();
    await db.remove();
  });

  /** Reads the row, yields (so the other connection runs), then writes what it read + 1. */
  const increment = (p: PrismaService) =>
    p.client.$transaction(async (tx) => {
      const row = await tx.fcpDevice.findUniqueOrThrow({ where: { fcpId: '1a00' } });
      await new Promise((r) => setTimeout(r, 1));
      await tx.fcpDevice.update({
        where: { fcpId: '1a00' },
        data: { connections: row.connections + 1 },
      });
    });

  it('queue for the write lock instead of failing, and lose no update', async () => {
    const n = 40;
    const results = await Promise.allSettled(
      Array.from({ length: n }, (_, i) => increment(i % 2 ? api : worker)),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const row = await api.client.fcpDevice.findUniqueOrThrow({ where: { fcpId: '1a00' } });
    expect(row.connections).toBe(n);
  });

  it('let statements outside transactions through between them', async () => {
    const work = Array.from({ length: 20 }, (_, i) =>
      i % 2 ? increment(api) : api.client.fcpDevice.findMany({ where: { fcpId: '1a00' } }),
    );
    await expect(Promise.all(work)).resolves.toHaveLength(20);
  });
});
