import pg from 'pg';
import type { StatementCounter } from '../statement-counter.js';
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
 * Direct statements on the pg Pool that Prisma's adapter also uses, as named prepared
 * statements (parsed and planned once per pooled connection).
 */
export class PgDirect implements DirectDb {
  private readonly names = new Map<Sql, { name: string; text: string }>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly counter: StatementCounter,
  ) {}

  async all(sql: Sql, params: readonly Param[]): Promise<Row[]> {
    return (await this.query(sql, params)).rows;
  }

  async run(sql: Sql, params: readonly Param[]): Promise<number> {
    return (await this.query(sql, params)).rowCount ?? 0;
  }

  private query(sql: Sql, params: readonly Param[]): Promise<pg.QueryResult<Row>> {
    let named = this.names.get(sql);
    if (!named) {
      named = { name: `hvo_direct_${this.names.size + 1}`, text: textFor(sql, 'postgresql') };
      this.names.set(sql, named);
    }
    this.counter.statements++;
    return this.pool.query<Row>({ ...named, values: params.map(bind), types });
  }
}
