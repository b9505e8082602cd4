/** The part of a better-sqlite3 statement used here. */
export interface SqliteStatement {
  readonly readonly: boolean;
  all(...params: unknown[]): unknown[];
  run(...params: unknown[]): { changes: number };
  safeIntegers(on: boolean): SqliteStatement;
}

/** The part of a better-sqlite3 Database used here (the one Prisma's adapter opened). */
export interface SqliteHandle {
  readonly inTransaction: boolean;
  prepare(sql: string): SqliteStatement;
}

/** A statement waiting for its turn: rows (`all`) or the count of changed rows (`run`). */
export interface Waiting {
  stmt: SqliteStatement;
  args: unknown[];
  rows: boolean;
  resolve(value: unknown): void;
  reject(reason: unknown): void;
}

/** Runs one statement on its own, as SQLite's autocommit does. */
export const runAlone = (w: Waiting): unknown =>
  w.rows ? w.stmt.all(...w.args) : w.stmt.run(...w.args).changes;

/** BEGIN, BEGIN IMMEDIATE, COMMIT and ROLLBACK, prepared once per connection. */
export class TransactionStatements {
  private readonly prepared = new Map<string, SqliteStatement>();

  constructor(private readonly db: SqliteHandle) {}

  run(sql: 'BEGIN' | 'BEGIN IMMEDIATE' | 'COMMIT' | 'ROLLBACK'): void {
    let stmt = this.prepared.get(sql);
    if (!stmt) this.prepared.set(sql, (stmt = this.db.prepare(sql)));
    stmt.run();
  }

  /**
   * The statements of `batch` in one transaction, synchronously, and their results in order;
   * null when one of them failed, everything rolled back (each is then run on its own, so
   * each gets its own answer, as if never gathered). Throws, having changed nothing, when BEGIN
   * is refused (SQLITE_BUSY: the other process holds the lock), for the caller to try again.
   */
  together(batch: readonly Waiting[]): unknown[] | null {
    this.run(batch.some((w) => !w.stmt.readonly) ? 'BEGIN IMMEDIATE' : 'BEGIN');
    try {
      const results = batch.map(runAlone);
      this.run('COMMIT');
      return results;
    } catch {
      if (this.db.inTransaction) this.run('ROLLBACK');
      return null;
    }
  }
}
