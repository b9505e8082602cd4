import { randomBytes } from 'node:crypto';
import { copyFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';

export interface TestDatabase {
  /** DATABASE_URL of a fresh, migrated database of its own. */
  url: string;
  /** Removes it. Close every connection to it first (the Nest app, workers). */
  drop(): Promise<void>;
}

const hex = () => randomBytes(4).toString('hex');

async function cloneSqlite(template: string): Promise<TestDatabase> {
  const dir = process.env.HVO_TEST_DB_DIR;
  if (!dir) throw new Error('HVO_TEST_DB_DIR is not set (global-setup.ts sets it for SQLite)');
  const file = join(dir, `t-${hex()}.db`);
  await copyFile(template.slice('file:'.length), file);
  return {
    url: `file:${file}`,
    drop: async () => {
      for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`])
        await rm(f, { force: true });
    },
  };
}

async function withAdmin<T>(fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

async function clonePostgres(template: string): Promise<TestDatabase> {
  const tpl = new URL(template).pathname.slice(1);
  // Same run id as the template, so global-teardown.ts can drop what a test file leaked.
  const name = `hvo_t_${tpl.replace(/^hvo_tpl_/, '')}_${hex()}`;
  await withAdmin(async (admin) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${tpl}"`);
        return;
      } catch (e) {
        // 55006: the template is briefly in use (e.g. by a concurrent clone); try again.
        if ((e as { code?: string }).code !== '55006' || attempt >= 20) throw e;
        await new Promise((r) => setTimeout(r, 100 * attempt));
      }
    }
  });
  const url = new URL(template);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdmin(async (admin) => {
        await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [name],
        );
        await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
      }),
  };
}

/**
 * A fresh, migrated, isolated database for one test file, cloned from the run's template
 * (test/support/global-setup.ts): a copy of the SQLite file, or on PostgreSQL (when
 * TEST_DATABASE_URL is a postgresql:// URL) `CREATE DATABASE … TEMPLATE …`.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = process.env.HVO_TEST_DB_TEMPLATE;
  if (!template) {
    throw new Error(
      'HVO_TEST_DB_TEMPLATE is not set: run through the e2e jest project, whose globalSetup ' +
        '(test/support/global-setup.ts) prepares the template database',
    );
  }
  return template.startsWith('file:') ? cloneSqlite(template) : clonePostgres(template);
}
