import { Logger } from '@nestjs/common';
import { jest } from '@jest/globals';
import { loadConfig } from '#config';
import { DriftRepository } from '#persistence';
import { PrismaService, tempSqlite, type TempSqlite } from '#persistence/testing';
import type { DriftScanner } from '../scan/drift-scanner.js';
import type { DriftStatus } from '../status/drift-status.js';
import { DriftCheckHandler } from './drift-check.handler.js';
import { strictMock } from '#testing/jest';

/**
 * A forget decision that lands while a periodic check runs (after the check's scan read the
 * forgotten marks) keeps its mark: the check drops only marks its own scan read as stale.
 */
describe('DriftCheckHandler and a decision meanwhile (SQLite)', () => {
  let db: TempSqlite;
  let prisma: PrismaService;
  let repo: DriftRepository;

  beforeAll(async () => {
    db = await tempSqlite();
    prisma = new PrismaService(loadConfig({ DATA_DIR: db.dir, DATABASE_URL: db.url }));
    await prisma.onModuleInit();
    repo = new DriftRepository(prisma);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await prisma.onApplicationShutdown();
    await db.remove();
  });

  it('keeps a mark written after its scan read the marks', async () => {
    const mark = { kind: 'guest_missing', itemId: 'DRF02', seen: 's', operationId: 'op-1' };
    const scanner = strictMock<DriftScanner>({
      // the scan found the item (not yet forgotten) and read no mark; the forget lands now
      scan: async () => {
        await repo.forget(mark);
        return { at: new Date(), items: [], forgotten: [], stale: [] };
      },
    });
    const status = strictMock<DriftStatus>({
      last: () => Promise.resolve(null),
      save: () => Promise.resolve(),
    });
    await new DriftCheckHandler(scanner, status, repo).run({});
    expect(await repo.forgottenOne('guest_missing', 'DRF02')).toMatchObject(mark);
  });
});
