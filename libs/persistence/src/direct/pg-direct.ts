import pg from 'pg';
import { AttachedConnection } from './attached-connection.js';
import { type DirectDb, type Param, type Row, type Sql, textFor } from './direct-db.js';

/** TIMESTAMP(3) columns hold UTC (as Prisma writes them); pg would read them as local time. */
const TIMESTAMP_OID = 1114;
const parseUtc = (text: string): Date => new Date(`${text.replace(' ', 'T')}Z`);
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === TIMESTAMP_OID && format !== 'binary'
      ? parseUtc
      : (pg.types.getTypeParser(
          oid,
          format ?? 'text',
        ) as unknown)) as pg.CustomTypesConfig['getTypeParser'],
};

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A Date as Prisma's pg adapter sends it: UTC wall-clock text, so no session zone applies. */
function bind(p: Param): string | number | boolean | null {
  if (!(p instanceof Date)) return p;
  return (
    `${pad(p.getUTCFullYear(), 4)}-${pad(p.getUTCMonth() + 1)}-${pad(p.getUTCDate())} ` +
    `${pad(p.getUTCHours())}:${pad(p.getUTCMinutes())}:${pad(p.getUTCSeconds())}.` +
    pad(p.getUTCMilliseconds(), 3)
  );
}

/**
 * Direct statements on the pg Pool of Prisma's adapter, as named prepared statements (parsed
 * and planned once per pooled connection; pg prepares a name again on a new connection).
 */
export class PgDirect extends AttachedConnection<pg.Pool> implements DirectDb {
  private readonly names = new Map<Sql, { name: string; text: string }>();

  async all(sql: Sql, params: readonly Param[]): Promise<Row[]> {
    return (await this.query(sql, params)).rows;
  }

  async run(sql: Sql, params: readonly Param[]): Promise<number> {
    return (await this.query(sql, params)).rowCount ?? 0;
  }

  /** Names stay valid across pools: each connection prepares what it has not seen. */
  protected override reset(): void {}

  private async query(sql: Sql, params: readonly Param[]): Promise<pg.QueryResult<Row>> {
    let named = this.names.get(sql);
    if (!named) {
      named = { name: `hvo_direct_${this.names.size + 1}`, text: textFor(sql, 'postgresql') };
      this.names.set(sql, named);
    }
    const pool = await this.connection();
    this.counter.statements++;
    return pool.query<Row>({ ...named, values: params.map(bind), types });
  }
}
