import { randomUUID } from 'node:crypto';
import { loadConfig } from '#config';
import { ok } from '#envelope';
import {
  COUNT_BY_KIND_AND_STATUS,
  OperationStatsRepository,
} from './operation-stats.repository.js';
import { OperationsRepository } from './operations.repository.js';
import { PrismaService } from './prisma.service.js';
import { tempSqlite, type TempSqlite } from './testing/temp-sqlite.js';

describe('OperationStatsRepository (SQLite)', () => {
  let db: TempSqlite;
  let prisma: PrismaService;
  let ops: OperationsRepository;
  let sut: OperationStatsRepository;

  const newOp = (kind: string) =>
    ops.create({ id: randomUUID(), kind, queue: 'guest-lifecycle', request: {} });

  beforeAll(async () => {
    db = await tempSqlite();
    prisma = new PrismaService(loadConfig({ DATA_DIR: db.dir, DATABASE_URL: db.url }));
    await prisma.onModuleInit();
    ops = new OperationsRepository(prisma);
    sut = new OperationStatsRepository(prisma);
  });

  afterAll(async () => {
    await prisma.onApplicationShutdown();
    await db.remove();
  });

  beforeEach(async () => {
    await prisma.client.operation.deleteMany();
  });

  it('answers an empty list for an empty table', async () => {
    expect(await sut.countByKindAndStatus()).toEqual([]);
  });

  it('counts operations by kind and status, sorted, without zero rows', async () => {
    const created = await Promise.all([
      newOp('guest.create'),
      newOp('guest.create'),
      newOp('guest.create'),
      newOp('guest.start'),
    ]);
    await ops.markRunning(created[0].id, 1);
    await ops.finish(created[0].id, { status: 'succeeded', response: ok(), httpStatus: 200 });
    await ops.markRunning(created[1].id, 1);

    expect(await sut.countByKindAndStatus()).toEqual([
      { kind: 'guest.create', status: 'queued', count: 1 },
      { kind: 'guest.create', status: 'running', count: 1 },
      { kind: 'guest.create', status: 'succeeded', count: 1 },
      { kind: 'guest.start', status: 'queued', count: 1 },
    ]);
  });

  it('counts from the (kind, status) index alone, never the table', async () => {
    const plan = await prisma.direct.all(`EXPLAIN QUERY PLAN ${COUNT_BY_KIND_AND_STATUS}`, []);
    const steps = plan.map((r) => String(r.detail));
    expect(steps).toEqual([expect.stringMatching(/COVERING INDEX operations_kind_status_idx/)]);
  });
});
