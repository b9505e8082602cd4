import {
  type DirectDb,
  type Param,
  type Row,
  type Sql,
  textFor,
  toSqlitePlaceholders,
} from './direct-db.js';
import { AttachedConnection } from './attached-connection.js';

/** The part of a better-sqlite3 statement used here. */
interface SqliteStatement {
  all(...params: unknown[]): unknown[];
  run(...params: unknown[]): { changes: number };
  safeIntegers(on: boolean): SqliteStatement;
}

/** The part of a better-sqlite3 Database used here (the one Prisma's adapter opened). */
export interface SqliteHandle {
  prepare(sql: string): SqliteStatement;
}

/** What the adapter's transactions are watched by. */
interface TransactionalAdapter {
  queryRaw(...args: never[]): Promise<unknown>;
  executeRaw(...args: never[]): Promise<unknown>;
  startTransaction(...args: never[]): Promise<{
    commit(): Promise<void>;
    rollback(): Promise<void>;
  }>;
}

/** As Prisma's adapter binds them (its default `iso8601` timestamp format, booleans as 0/1). */
function bind(p: Param): string | number | null {
  if (p instanceof Date) return p.toISOString().replace('Z', '+00:00');
  if (typeof p === 'boolean') return p ? 1 : 0;
  return p;
}

/**
 * Direct statements on the better-sqlite3 Database of Prisma's adapter: the same connection, so
 * the same locks and the same view as Prisma's non-transactional queries. Each text is prepared
 * once; its integers come back as numbers (every integer column here fits).
 *
 * A Prisma interactive transaction runs BEGIN on that same connection, so a statement sent while
 * one is open would join it and be rolled back with it: statements, Prisma's own outside the
 * transaction included, wait for it to end instead. Hence never await a direct statement or
 * the service's client inside a `$transaction` callback (it would wait for itself until the
 * transaction times out); use the transaction's client there.
 */
export class SqliteDirect extends AttachedConnection<SqliteHandle> implements DirectDb {
  private statements = new Map<Sql, SqliteStatement>();
  /** While a Prisma interactive transaction holds the connection: resolves when it ends. */
  private transaction: Promise<void> | null = null;

  async all(sql: Sql, params: readonly Param[]): Promise<Row[]> {
    const stmt = await this.prepared(sql);
    while (this.transaction) await this.transaction;
    this.counter.statements++;
    return stmt.all(...params.map(bind)) as Row[];
  }

  async run(sql: Sql, params: readonly Param[]): Promise<number> {
    const stmt = await this.prepared(sql);
    while (this.transaction) await this.transaction;
    this.counter.statements++;
    return stmt.run(...params.map(bind)).changes;
  }

  protected override reset(): void {
    this.statements = new Map();
  }

  /**
   * The adapter's transactions begin after its mutex, and end at commit() or rollback(). Its own
   * queries outside them wait too: the adapter sends them to the same connection, where they
   * joined whatever transaction was open and were rolled back with it.
   */
  protected override watch(adapter: object): void {
    const a = adapter as TransactionalAdapter;
    for (const method of ['queryRaw', 'executeRaw'] as const) {
      const send = a[method].bind(a);
      a[method] = async (...args) => {
        while (this.transaction) await this.transaction;
        return send(...args);
      };
    }
    const start = a.startTransaction.bind(a);
    a.startTransaction = async (...args) => {
      const tx = await start(...args);
      let end!: () => void;
      const open = new Promise<void>((resolve) => (end = resolve));
      this.transaction = open;
      const ended = () => {
        if (this.transaction === open) this.transaction = null;
        end();
      };
      for (const method of ['commit', 'rollback'] as const) {
        const close = tx[method].bind(tx);
        tx[method] = () => close().finally(ended);
      }
      return tx;
    };
  }

  private async prepared(sql: Sql): Promise<SqliteStatement> {
    let stmt = this.statements.get(sql);
    if (stmt) return stmt;
    const db = await this.connection();
    stmt = db.prepare(toSqlitePlaceholders(textFor(sql, 'sqlite'))).safeIntegers(false);
    this.statements.set(sql, stmt);
    return stmt;
  }
}
