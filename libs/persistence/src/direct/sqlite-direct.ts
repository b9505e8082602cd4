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
 */
export class SqliteDirect extends AttachedConnection<SqliteHandle> implements DirectDb {
  private statements = new Map<Sql, SqliteStatement>();

  async all(sql: Sql, params: readonly Param[]): Promise<Row[]> {
    const stmt = await this.prepared(sql);
    this.counter.statements++;
    return stmt.all(...params.map(bind)) as Row[];
  }

  async run(sql: Sql, params: readonly Param[]): Promise<number> {
    const stmt = await this.prepared(sql);
    this.counter.statements++;
    return stmt.run(...params.map(bind)).changes;
  }

  protected reset(): void {
    this.statements = new Map();
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
