import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import { AppConfig } from '#config';
import { providerOf } from './database-url.js';
import { PrismaClient as PostgresClient } from './generated/postgres/client.js';
import { PrismaClient as SqliteClient } from './generated/sqlite/client.js';
import { StatementCounter } from './statement-counter.js';

/**
 * The one client type repositories see. Both generated clients come from identical models, so
 * they are structurally the same; provider-only query features (e.g. `mode: 'insensitive'`) are
 * thereby kept out of repository code.
 */
export type Db = SqliteClient;

/** How long a SQLite writer waits for another process's lock before failing with SQLITE_BUSY. */
const SQLITE_BUSY_TIMEOUT_MS = 10_000;

/** Owns the database connection of this process, for whichever provider DATABASE_URL names. */
@Injectable()
export class PrismaService implements OnModuleInit, OnModuleDestroy {
  readonly client: Db;
  readonly provider: 'sqlite' | 'postgresql';

  constructor(
    @Inject(AppConfig) config: AppConfig,
    @Inject(StatementCounter) counter: StatementCounter = new StatementCounter(),
  ) {
    const url = config.DATABASE_URL;
    this.provider = providerOf(url);
    this.client =
      this.provider === 'sqlite'
        ? new SqliteClient({
            adapter: counter.wrap(
              new PrismaBetterSQLite3({ url, timeout: SQLITE_BUSY_TIMEOUT_MS }),
            ),
          })
        : (new PostgresClient({
            adapter: counter.wrap(new PrismaPg({ connectionString: url })),
          }) as unknown as Db);
  }

  async onModuleInit(): Promise<void> {
    await this.client.$connect();
    if (this.provider === 'sqlite') {
      // WAL lets the api and worker processes read while one of them writes the same file.
      await this.client.$queryRawUnsafe('PRAGMA journal_mode = WAL');
      // In WAL mode, NORMAL syncs at checkpoints rather than at every commit: a process crash
      // loses nothing, a power loss at most the last commits, which a resumed operation's steps
      // find out about from the hypervisor. Every step record was an fsync (bench/README.md).
      await this.client.$executeRawUnsafe('PRAGMA synchronous = NORMAL');
      // SQLite leaves foreign keys off per connection; PostgreSQL always enforces them.
      await this.client.$executeRawUnsafe('PRAGMA foreign_keys = ON');
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.client.$disconnect();
  }

  /** Readiness probe: resolves when the database answers a query. */
  async ping(): Promise<void> {
    await this.client.$queryRawUnsafe('SELECT 1');
  }
}
