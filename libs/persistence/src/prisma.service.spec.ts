import { Test } from '@nestjs/testing';
import { ConfigModule, loadConfig } from '#config';
import { GuestsRepository } from './guests.repository.js';
import { OperationsRepository } from './operations.repository.js';
import { PersistenceModule } from './persistence.module.js';
import { PrismaService } from './prisma.service.js';
import { tempSqlite, type TempSqlite } from './testing/temp-sqlite.js';

describe('PersistenceModule on SQLite', () => {
  let db: TempSqlite;

  beforeAll(async () => {
    db = await tempSqlite();
  });

  afterAll(async () => {
    await db.remove();
  });

  it('wires the service and repositories, answers ping, and uses WAL with synchronous=NORMAL', async () => {
    const config = loadConfig({ DATA_DIR: db.dir, DATABASE_URL: db.url });
    const mod = await Test.createTestingModule({
      imports: [ConfigModule.forRoot(config), PersistenceModule],
    }).compile();
    await mod.init();
    try {
      const prisma = mod.get(PrismaService);
      expect(prisma.provider).toBe('sqlite');
      await expect(prisma.ping()).resolves.toBeUndefined();
      const [mode] =
        await prisma.client.$queryRawUnsafe<{ journal_mode: string }[]>('PRAGMA journal_mode');
      expect(mode?.journal_mode).toBe('wal');
      const [sync] =
        await prisma.client.$queryRawUnsafe<{ synchronous: bigint | number }[]>(
          'PRAGMA synchronous',
        );
      expect(Number(sync?.synchronous)).toBe(1); // NORMAL
      expect(mod.get(GuestsRepository)).toBeInstanceOf(GuestsRepository);
      expect(mod.get(OperationsRepository)).toBeInstanceOf(OperationsRepository);
    } finally {
      await mod.close();
    }
  });
});
