/**
 * A statement with `$1`…`$n` placeholders (each once, in order, so SQLite can bind them as
 * `?`), the same text for both providers or one per provider where the dialects differ.
 * Statements are prepared once per text: define them as module constants, not per call.
 */
export type Sql = string | { readonly sqlite: string; readonly postgresql: string };

/** What a statement may be given; Dates and booleans are stored as Prisma stores them. */
export type Param = string | number | boolean | Date | null;

/**
 * A row under its column names (alias them to the field names). Integers come back as numbers,
 * booleans as booleans on PostgreSQL but 0/1 on SQLite, dates as Dates on PostgreSQL but as the
 * text Prisma stored on SQLite: decode them with ./decode.ts.
 */
export type Row = Record<string, unknown>;

/**
 * Hot-path statements sent straight to the driver connection Prisma's adapter holds, without
 * Prisma's query compiler and per-call prepare (issue #17). Not transactional: each statement
 * stands alone, as Prisma's own non-transactional raw queries do.
 */
export interface DirectDb {
  /** The rows a SELECT or a statement with RETURNING produced. */
  all(sql: Sql, params: readonly Param[]): Promise<Row[]>;
  /** How many rows the statement changed. */
  run(sql: Sql, params: readonly Param[]): Promise<number>;
}

/** `sql` for `provider`. */
export function textFor(sql: Sql, provider: 'sqlite' | 'postgresql'): string {
  return typeof sql === 'string' ? sql : sql[provider];
}

/** `$1`…`$n` as SQLite's `?`; throws unless they appear in order, each once. */
export function toSqlitePlaceholders(text: string): string {
  let next = 1;
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    if (Number(n) !== next) throw new Error(`placeholder $${n} out of order in: ${text}`);
    next++;
    return '?';
  });
}
