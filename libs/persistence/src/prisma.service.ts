import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import { AppConfig } from '#config';
import { providerOf } from './database-url.js';
import type { DirectDb } from './direct/direct-db.js';
import { PgDirect } from './direct/pg-direct.js';
import { SqliteDirect } from './direct/sqlite-direct.js';
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

/**
 * Interactive transactions wait their turn for the connection (SQLite: one at a time; PostgreSQL:
 * a pool connection). Prisma's default 2 s for that wait failed FCP reservations and template
 * edits with a 500 whenever a few dozen queued at once; a turn lasts no longer than the
 * transaction before it, which has 15 s (Prisma's default 5 s was short for a loaded machine;
 * ours only read and write rows, no hypervisor call inside one).
 */
const TRANSACTION_OPTIONS = { maxWait: 30_000, timeout: 15_000 };

/** Owns the database connection of this process, for whichever provider DATABASE_URL names. */
@Injectable()
export class PrismaService implements OnModuleInit, OnApplicationShutdown {
  readonly client: Db;
  readonly provider: 'sqlite' | 'postgresql';
  /** Hot-path statements on the same connection, without Prisma's client (issue #17). */
  readonly direct: DirectDb;

  constructor(
    @Inject(AppConfig) config: AppConfig,
    @Inject(StatementCounter) counter: StatementCounter = new StatementCounter(),
  ) {
    const url = config.DATABASE_URL;
    this.provider = providerOf(url);
    // `direct` uses the connection each adapter opens (SQLite: its better-sqlite3 Database,
    // PostgreSQL: its pg Pool), so there is no second connection and no lock between them
    const connect = () => this.client.$connect();
    if (this.provider === 'sqlite') {
      const direct = new SqliteDirect(counter, connect, SQLITE_BUSY_TIMEOUT_MS);
      // no busy timeout on the connection: SQLite's wait would sleep inside the synchronous
      // statement, the event loop with it; SqliteDirect waits between tries instead
      const factory = new PrismaBetterSQLite3({ url, timeout: 0 });
      this.client = new SqliteClient({
        adapter: counter.wrap(direct.follow(factory)),
        transactionOptions: TRANSACTION_OPTIONS,
      });
      this.direct = direct;
    } else {
      const direct = new PgDirect(counter, connect);
      const factory = new PrismaPg({ connectionString: url });
      this.client = new PostgresClient({
        adapter: counter.wrap(direct.follow(factory)),
        transactionOptions: TRANSACTION_OPTIONS,
      }) as unknown as Db;
      this.direct = direct;
    }
  }

  async onModuleInit(): Promise<void> {
    await this.client.$connect();
    if (this.provider === 'sqlite') {
      // WAL lets the api and worker processes read while one of them writes the same file.
      await this.client.$queryRawUnsafe('PRAGMA journal_mode = WAL');
      // In WAL mode, NORMAL syncs at checkpoints rather than at every commit: a process crash
      // loses nothing, a power loss at most the last commits, which a resumed operation's steps
      // find out about from the hypervisor. Every step record was an fsync (docs/decisions/0002).
      await this.client.$executeRawUnsafe('PRAGMA synchronous = NORMAL');
      // SQLite leaves foreign keys off per connection; PostgreSQL always enforces them.
      await this.client.$executeRawUnsafe('PRAGMA foreign_keys = ON');
    }
  }

  /**
   * Last of shutdown, not in its first phase: the api's server still answers requests in flight
   * until its shutdown hooks, and a worker's operations may still be running until the queue
   * processors have closed; both need the database until then.
   */
  async onApplicationShutdown(): Promise<void> {
    await this.client.$disconnect();
  }

  /** Readiness probe: resolves when the database answers a query. */
  async ping(): Promise<void> {
    await this.client.$queryRawUnsafe('SELECT 1');
  }
}
