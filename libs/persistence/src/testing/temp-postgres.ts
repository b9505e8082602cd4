import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { repoRoot } from '#config';

export interface TempPostgres {
  url: string;
  remove(): Promise<void>;
}

async function withAdmin<T>(admin: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh PostgreSQL database with every migration of prisma/postgres applied, for unit tests;
 * made through `admin` (e.g. TEST_DATABASE_URL); null unless that names a PostgreSQL server.
 */
export async function tempPostgres(admin: string | undefined): Promise<TempPostgres | null> {
  if (!admin?.startsWith('postgres')) return null;
  const name = `hvo_unit_${randomBytes(4).toString('hex')}`;
  await withAdmin(admin, (c) => c.query(`CREATE DATABASE "${name}"`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const migrations = join(repoRoot(), 'prisma', 'postgres', 'migrations');
  const dirs = (await readdir(migrations, { withFileTypes: true }))
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  await withAdmin(url.toString(), async (c) => {
    for (const d of dirs)
      await c.query(await readFile(join(migrations, d, 'migration.sql'), 'utf8'));
  });
  return {
    url: url.toString(),
    remove: () =>
      withAdmin(admin, async (c) => {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      }),
  };
}
