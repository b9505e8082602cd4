import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3';
import { repoRoot } from '#config';

export interface TempSqlite {
  dir: string;
  url: string;
  remove(): Promise<void>;
}

/**
 * A fresh SQLite file with every migration of prisma/sqlite applied, for unit tests. Applies the
 * SQL directly (no CLI process: faster), through the same adapter the service uses.
 */
export async function tempSqlite(): Promise<TempSqlite> {
  const dir = await mkdtemp(join(tmpdir(), 'hvo-unit-db-'));
  const url = `file:${join(dir, 'test.db')}`;
  const migrations = join(repoRoot(), 'prisma', 'sqlite', 'migrations');
  const names = (await readdir(migrations, { withFileTypes: true }))
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  const db = await new PrismaBetterSQLite3({ url }).connect();
  try {
    for (const name of names) {
      await db.executeScript(await readFile(join(migrations, name, 'migration.sql'), 'utf8'));
    }
  } finally {
    await db.dispose();
  }
  return { dir, url, remove: () => rm(dir, { recursive: true, force: true }) };
}
