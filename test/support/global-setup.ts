// Jest globalSetup of the e2e project: checks Redis and builds one migrated template database
// per run; test files clone it with createTestDatabase() (test-database.ts).
//
// Jest loads this file outside its module system (transformed, then imported natively by Node),
// so it may only import node builtins and packages: no '#…' aliases, no relative .ts imports.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';

// Set here for the test files (jest workers inherit this process's environment) and teardown:
// the template's URL (file:… or postgresql://…), and for SQLite the run's temp directory.
const TEMPLATE_ENV = 'HVO_TEST_DB_TEMPLATE';
const DIR_ENV = 'HVO_TEST_DB_DIR';

async function checkRedis(url: string): Promise<void> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  let cause: Error | undefined; // the socket error says more than "Connection is closed"
  redis.on('error', (e: Error) => (cause ??= e));
  try {
    await redis.connect();
    await redis.ping();
  } catch (e) {
    throw new Error(
      `e2e tests need Redis, which does not answer at ${url} (${(cause ?? (e as Error)).message}). ` +
        'Start redis-server or set REDIS_URL.',
      { cause: e },
    );
  } finally {
    redis.disconnect();
  }
}

/** `prisma migrate deploy` on `url`, quiet unless it fails. */
function migrate(rootDir: string, url: string): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: url };
  delete env.NODE_OPTIONS; // jest's --experimental-vm-modules is not for the CLI
  const prisma = join(rootDir, 'node_modules', '.bin', 'prisma');
  const child = spawn(process.execPath, [prisma, 'migrate', 'deploy'], { cwd: rootDir, env });
  let output = '';
  child.stdout.on('data', (b: Buffer) => (output += b.toString()));
  child.stderr.on('data', (b: Buffer) => (output += b.toString()));
  return new Promise((done, fail) => {
    child.once('error', fail);
    child.once('close', (code) =>
      code === 0 ? done() : fail(new Error(`prisma migrate deploy failed (${code}):\n${output}`)),
    );
  });
}

async function postgresTemplate(rootDir: string, adminUrl: string): Promise<string> {
  // The run id also prefixes every per-file clone, so teardown can drop leftovers of this run.
  const name = `hvo_tpl_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    try {
      await migrate(rootDir, url.toString());
    } catch (e) {
      await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
      throw e;
    }
    return url.toString();
  } finally {
    await admin.end();
  }
}

async function sqliteTemplate(rootDir: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'hvo-e2e-db-'));
  process.env[DIR_ENV] = dir;
  const url = `file:${join(dir, 'template.db')}`;
  await migrate(rootDir, url);
  return url;
}

export default async function globalSetup(
  _global: unknown,
  project: { rootDir: string },
): Promise<void> {
  await checkRedis(process.env.REDIS_URL || 'redis://127.0.0.1:6379');
  const pgUrl = process.env.TEST_DATABASE_URL;
  process.env[TEMPLATE_ENV] =
    pgUrl && /^postgres(ql)?:\/\//.test(pgUrl)
      ? await postgresTemplate(project.rootDir, pgUrl)
      : await sqliteTemplate(project.rootDir);
}
