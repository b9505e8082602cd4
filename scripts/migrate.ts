// `npm run db:migrate`: applies the Prisma migrations of the configured database (SQLite file or
// PostgreSQL) with `prisma migrate deploy`, and exits with the CLI's exit code.
import { ConfigError, loadConfig } from '#config';
// Imported by path, not '#persistence': this needs neither Nest nor a generated client.
import { migrateDeploy } from '../libs/persistence/src/migrate-deploy.js';

try {
  const { DATABASE_URL } = loadConfig();
  process.exitCode = await migrateDeploy(DATABASE_URL);
} catch (e) {
  console.error(e instanceof ConfigError ? e.message : e);
  process.exitCode = 1;
}
