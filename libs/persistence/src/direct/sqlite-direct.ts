import {
  type DirectDb,
  type Param,
  type Row,
  type Sql,
  textFor,
  toSqlitePlaceholders,
} from './direct-db.js';
import { AttachedConnection } from './attached-connection.js';
import { whileBusy } from './sqlite-busy.js';
import { SqliteTransactions } from './sqlite-transactions.js';
import {
  runAlone,
  type SqliteHandle,
  type SqliteStatement,
  TransactionStatements,
  type Waiting,
} from './sqlite-together.js';
import type { StatementCounter } from '../statement-counter.js';

/**
 * Statements run in one transaction at most: thousands of submissions arriving at once (issue
 * #29's held starts) make short transactions, between which the other process (api or worker)
 * may take the lock. 64 inserts take a few milliseconds; batches under load rarely reach 32.
 */
const MAX_TOGETHER = 64;

/** The part of Prisma's better-sqlite3 adapter whose statements and transactions are taken over. */
interface SqliteAdapter {
  readonly provider: string;
  readonly adapterName: string;
  client: SqliteHandle;
  queryRaw(query: { sql: string }): Promise<unknown>;
  executeRaw(query: { sql: string }): Promise<number>;
  startTransaction(isolationLevel?: string): Promise<unknown>;
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
 * transaction times out); use the transaction's client there. The transactions themselves are
 * begun here (sqlite-transactions.ts: IMMEDIATE, one at a time).
 */
export class SqliteDirect extends AttachedConnection<SqliteHandle> implements DirectDb {
  private statements = new Map<Sql, SqliteStatement>();
  private waiting: Waiting[] = [];
  private tx: { db: SqliteHandle; statements: TransactionStatements } | undefined;
  private readonly transactions: SqliteTransactions;

  constructor(
    counter: StatementCounter,
    connect: () => Promise<void>,
    private readonly busyTimeoutMs: number,
  ) {
    super(counter, connect);
    this.transactions = new SqliteTransactions(busyTimeoutMs);
  }

  async all(sql: Sql, params: readonly Param[]): Promise<Row[]> {
    return (await this.gathered(sql, params, true)) as Row[];
  }

  async run(sql: Sql, params: readonly Param[]): Promise<number> {
    return (await this.gathered(sql, params, false)) as number;
  }

  /**
   * The statement runs with the others sent in the same turn of the event loop, in one
   * transaction (sqlite-together.ts), once this turn's callbacks have run (setImmediate). A
   * commit costs about the same whatever it holds: the file locks taken and released, the page
   * cache dropped and read again when the other process wrote meanwhile, a log page per table
   * and index page changed (pages consecutive operations share). Under 50 clients' waited starts
   * that was a fifth of the api's and the worker's CPU (docs/decisions/0009). A
   * statement alone runs alone, as before; statements one caller awaits in turn are never in
   * one batch, so none waits for another of its own.
   */
  private async gathered(sql: Sql, params: readonly Param[], rows: boolean): Promise<unknown> {
    const stmt = await this.prepared(sql);
    const args = params.map(bind);
    this.counter.statements++;
    return new Promise((resolve, reject) => {
      this.waiting.push({ stmt, args, rows, resolve, reject });
      if (this.waiting.length === 1) setImmediate(() => void this.runWaiting());
    });
  }

  /**
   * Every statement waiting now, in transactions of at most MAX_TOGETHER one after the other,
   * not one transaction a turn: at one a turn, 10,000 deploys arriving at once queued behind
   * each other for so many turns that some 100 MiB more of their requests were alive together
   * (docs/decisions/0009).
   */
  private async runWaiting(): Promise<void> {
    while (this.waiting.length > 0) await this.runBatch(this.waiting.splice(0, MAX_TOGETHER));
  }

  private async runBatch(batch: Waiting[]): Promise<void> {
    if (batch.length === 1) return this.alone(batch[0]);
    let results: unknown[] | null;
    try {
      const tx = await this.transactionStatements();
      results = await this.outsideTransactions(() => tx.together(batch));
    } catch (e) {
      for (const w of batch) w.reject(e);
      return;
    }
    this.counter.statements += 2; // BEGIN and COMMIT (or ROLLBACK)
    if (results) batch.forEach((w, i) => w.resolve(results[i]));
    else for (const w of batch) void this.alone(w);
  }

  private alone(w: Waiting): Promise<void> {
    return this.outsideTransactions(() => runAlone(w)).then(w.resolve, w.reject);
  }

  private async transactionStatements(): Promise<TransactionStatements> {
    const db = await this.connection();
    if (this.tx?.db !== db) this.tx = { db, statements: new TransactionStatements(db) };
    return this.tx.statements;
  }

  /**
   * Runs a statement outside this process's transactions (it waits for an open one to end) once
   * the other process lets it have the lock, without blocking the event loop meanwhile.
   */
  private outsideTransactions<T>(statement: () => T | Promise<T>): Promise<T> {
    return whileBusy(async () => {
      while (this.transactions.current) await this.transactions.current;
      return statement();
    }, this.busyTimeoutMs);
  }

  protected override reset(): void {
    this.statements = new Map();
  }

  /**
   * The adapter's own statements outside transactions wait for an open one: the adapter sends
   * them to the same connection, where they joined whatever transaction was open and were rolled
   * back with it. Its transactions are begun by SqliteTransactions instead of its DEFERRED BEGIN.
   */
  protected override watch(adapter: object): void {
    const a = adapter as SqliteAdapter;
    // the adapter's own methods, for the statements of a transaction (which must not wait)
    const on = {
      provider: a.provider,
      adapterName: a.adapterName,
      queryRaw: a.queryRaw.bind(a),
      executeRaw: a.executeRaw.bind(a),
    };
    a.queryRaw = (query) => this.outsideTransactions(() => on.queryRaw(query));
    a.executeRaw = (query) => this.outsideTransactions(() => on.executeRaw(query));
    const start = a.startTransaction.bind(a);
    a.startTransaction = (isolationLevel) =>
      // any other level: the adapter's own refusal
      isolationLevel && isolationLevel !== 'SERIALIZABLE'
        ? start(isolationLevel)
        : this.transactions.begin(on, (sql) => a.client.prepare(sql).run());
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
