// `npm run db:migrate`: applies the Prisma migrations of the configured database (SQLite file or
// PostgreSQL) with `prisma migrate deploy`, and exits with the CLI's exit code.
import { ConfigError, loadConfig } from '#config';
import { migrateDeploy } from '#persistence';

try {
  // Only the database matters here: the hypervisor link's settings (which `npm start` completes
  // for HV_TRANSPORT=smapi after this runs) are not checked.
  // eslint-disable-next-line no-restricted-properties -- the settings, with the link's left out
  const { DATABASE_URL } = loadConfig({ ...process.env, HV_TRANSPORT: 'simulator' });
  process.exitCode = await migrateDeploy(DATABASE_URL);
} catch (e) {
  console.error(e instanceof ConfigError ? e.message : e);
  process.exitCode = 1;
}
