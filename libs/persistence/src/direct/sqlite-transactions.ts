import { setImmediate as nextTurn } from 'node:timers/promises';
import { whileBusy } from './sqlite-busy.js';

/** A statement as Prisma's driver adapters take it. */
interface Query {
  sql: string;
}

/** The part of the better-sqlite3 adapter a transaction runs on. */
export interface SqliteQueryable {
  readonly provider: string;
  readonly adapterName: string;
  queryRaw(query: Query): Promise<unknown>;
  executeRaw(query: Query): Promise<number>;
}

/** What Prisma's transaction manager needs of a driver adapter's transaction. */
export interface SqliteTransaction extends SqliteQueryable {
  readonly options: { usePhantomQuery: false };
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

/**
 * Prisma's interactive (and internal) transactions on the one SQLite connection, replacing the
 * adapter's own, which began them DEFERRED: a transaction that read first and then wrote had
 * to upgrade its read snapshot to the write lock, and when another process (api vs worker) had
 * written meanwhile or held the lock, SQLite refused at once with SQLITE_BUSY ("Operation has
 * timed out", "database is locked"), since waiting could not help a stale snapshot. Begun
 * IMMEDIATE, a transaction takes the write lock first, so it never has a snapshot to upgrade.
 * While the other process holds the lock, BEGIN IMMEDIATE is tried again without blocking the
 * event loop (sqlite-busy.ts), for as long as the busy timeout.
 *
 * One at a time, in the order asked (FIFO), each holding the connection until COMMIT or
 * ROLLBACK; statements outside them wait for `current` (see SqliteDirect). Between two
 * transactions the statements already waiting run first.
 */
export class SqliteTransactions {
  constructor(private readonly busyTimeoutMs: number) {}

  /** While a transaction holds the connection: resolves when it ends. */
  current: Promise<void> | null = null;
  private tail: Promise<void> = Promise.resolve();

  /**
   * Waits its turn, begins IMMEDIATE with `run` (retrying while the lock is busy, at most the
   * busy timeout), and answers the transaction Prisma runs its statements on through `on`.
   */
  async begin(on: SqliteQueryable, run: (sql: string) => void): Promise<SqliteTransaction> {
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const previous = this.tail;
    this.tail = previous.then(() => mine);
    await previous;
    await nextTurn(); // the statements that waited for the previous one go first
    let open = true;
    const end = () => {
      if (!open) return;
      open = false;
      if (this.current === mine) this.current = null;
      release();
    };
    try {
      await this.beginImmediate(run);
    } catch (e) {
      end();
      throw e;
    }
    // set in the same turn as BEGIN: no statement of this process can slip in between
    this.current = mine;
    return {
      provider: on.provider,
      adapterName: on.adapterName,
      options: { usePhantomQuery: false },
      queryRaw: (q) => on.queryRaw(q),
      executeRaw: async (q) => {
        try {
          return await on.executeRaw(q);
        } catch (e) {
          // Prisma calls commit()/rollback() only after its COMMIT/ROLLBACK succeeded: one that
          // failed must still end the transaction, or the connection would stay taken
          if (/^\s*(COMMIT|ROLLBACK)\s*$/i.test(q.sql)) {
            rollbackQuietly(run);
            end();
          }
          throw e;
        }
      },
      commit: () => Promise.resolve(end()),
      rollback: () => Promise.resolve(end()),
    };
  }

  /** In WAL mode reads need no lock: statements outside transactions run between tries. */
  private beginImmediate(run: (sql: string) => void): Promise<void> {
    return whileBusy(() => run('BEGIN IMMEDIATE'), this.busyTimeoutMs);
  }
}

function rollbackQuietly(run: (sql: string) => void): void {
  try {
    run('ROLLBACK');
  } catch {
    // no transaction left open: nothing to roll back
  }
}
