import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import pg from 'pg';

const TABLES = [
  'guests',
  'images',
  'fcp',
  'template',
  'template_sp_mapping',
  'template_fcp_mapping',
  'switch',
  'operations',
  'drift_forgotten',
];

/**
 * Everything a test database holds, to compare before and after something that must write
 * nothing: on SQLite the bytes of the file and its write-ahead log, on PostgreSQL every row of
 * every table (its own files are not ours to read).
 */
export async function databaseState(url: string): Promise<string> {
  if (url.startsWith('file:')) {
    const file = url.slice('file:'.length);
    const hash = createHash('sha256');
    for (const f of [file, `${file}-wal`]) if (existsSync(f)) hash.update(readFileSync(f));
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      const rows = TABLES.map((t) => db.prepare(`SELECT * FROM "${t}" ORDER BY 1, 2`).all());
      return `${hash.digest('hex')}\n${JSON.stringify(rows)}`;
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = [];
    for (const t of TABLES)
      rows.push((await client.query(`SELECT * FROM "${t}" ORDER BY 1, 2`)).rows);
    return JSON.stringify(rows);
  } finally {
    await client.end();
  }
}
