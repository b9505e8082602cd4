import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { AppConfig } from '#config';
import { providerOf } from './database-url.js';
import type { DirectDb } from './direct/direct-db.js';
import { PgDirect } from './direct/pg-direct.js';
import { type SqliteHandle, SqliteDirect } from './direct/sqlite-direct.js';
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
  /** Hot-path statements on the same connection, without Prisma's client (issue #17). */
  readonly direct: DirectDb;
  /** PostgreSQL: the pool shared by Prisma's adapter and `direct`, ended here. */
  private readonly pool: pg.Pool | null = null;

  constructor(
    @Inject(AppConfig) config: AppConfig,
    @Inject(StatementCounter) counter: StatementCounter = new StatementCounter(),
  ) {
    const url = config.DATABASE_URL;
    this.provider = providerOf(url);
    if (this.provider === 'sqlite') {
      const direct = new SqliteDirect(counter, () => this.client.$connect());
      const factory = counter.wrap(
        new PrismaBetterSQLite3({ url, timeout: SQLITE_BUSY_TIMEOUT_MS }),
      );
      // the adapter's own better-sqlite3 Database: one connection for Prisma and `direct`
      const connect = factory.connect.bind(factory);
      factory.connect = async () => {
        const adapter = (await connect()) as unknown as {
          client: SqliteHandle;
          dispose(): Promise<void>;
        };
        direct.attach(adapter.client);
        // $disconnect closes that Database; a later statement reconnects, as Prisma's own do
        // (a worker finishing its last job during shutdown)
        const dispose = adapter.dispose.bind(adapter);
        adapter.dispose = () => {
          direct.detach(adapter.client);
          return dispose();
        };
        return adapter as unknown as Awaited<ReturnType<typeof connect>>;
      };
      this.direct = direct;
      this.client = new SqliteClient({ adapter: factory });
    } else {
      this.pool = new pg.Pool({ connectionString: url });
      this.direct = new PgDirect(this.pool, counter);
      this.client = new PostgresClient({
        adapter: counter.wrap(new PrismaPg(this.pool)),
      }) as unknown as Db;
    }
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
    if (this.pool && !this.pool.ended) await this.pool.end();
  }

  /** Readiness probe: resolves when the database answers a query. */
  async ping(): Promise<void> {
    await this.client.$queryRawUnsafe('SELECT 1');
  }
}
