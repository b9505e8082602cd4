// Jest globalTeardown of the e2e project: removes what global-setup.ts made, plus any per-file
// database of this run that a test file did not drop. Loaded like global-setup.ts (packages only).
import { rmSync } from 'node:fs';
import pg from 'pg';

export default async function globalTeardown(): Promise<void> {
  const template = process.env.HVO_TEST_DB_TEMPLATE;
  const dir = process.env.HVO_TEST_DB_DIR;
  if (dir) rmSync(dir, { recursive: true, force: true });
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!template?.startsWith('postgres') || !adminUrl) return;

  const run = new URL(template).pathname.slice(1).replace(/^hvo_tpl_/, '');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`,
      [`hvo_tpl_${run}`, `hvo_t\\_${run}\\_%`],
    );
    for (const { datname } of rows) {
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [datname],
      );
      await admin.query(`DROP DATABASE IF EXISTS "${datname}"`);
    }
  } finally {
    await admin.end();
  }
}
