// Prisma CLI configuration (Prisma 6.19.3, offline): the JS schema engine driven through a driver
// adapter, so no engine binary is ever downloaded. See /work/shared/design/dependencies.md.
// The Prisma CLI loads this file, not our app, so it reads DATABASE_URL itself.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { defineConfig, type PrismaConfig } from 'prisma/config';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3';

type MigrationAdapter = Awaited<ReturnType<Extract<PrismaConfig, { engine: 'js' }>['adapter']>>;

type Provider = 'sqlite' | 'postgresql';
const schemas: Record<Provider, string> = {
  sqlite: 'prisma/sqlite/schema.prisma',
  postgresql: 'prisma/postgres/schema.prisma',
};
const providerOfUrl = (u: string): Provider =>
  /^postgres(ql)?:/.test(u) ? 'postgresql' : 'sqlite';

// `--schema <path>` on the command line wins over `schema` below (db:generate names each schema).
function schemaArg(argv: string[]): string | undefined {
  const i = argv.indexOf('--schema');
  if (i >= 0) return argv[i + 1];
  return argv.find((a) => a.startsWith('--schema='))?.slice('--schema='.length);
}

function providerOfSchema(path: string): Provider {
  const m = /datasource\s+\w+\s*\{[^}]*provider\s*=\s*"(\w+)"/.exec(readFileSync(path, 'utf8'));
  return m?.[1] === 'postgresql' ? 'postgresql' : 'sqlite';
}

// The schema's env("DATABASE_URL") must resolve, and to a URL of the schema's provider, or the CLI
// falls back to downloading a query engine. The default mirrors loadConfig()'s.
let url =
  process.env.DATABASE_URL ||
  `file:${resolve(process.env.DATA_DIR || './var', 'hv-orchestrator.db')}`;
const explicit = schemaArg(process.argv);
const provider = explicit ? providerOfSchema(explicit) : providerOfUrl(url);
if (providerOfUrl(url) !== provider) {
  // generate/validate/format never connect, so `npm run db:generate` can build both clients from
  // one environment; anything that would touch the database must get a matching URL.
  if (!['generate', 'validate', 'format'].includes(process.argv[2] ?? '')) {
    throw new Error(
      `DATABASE_URL is not a ${provider} URL, but ${explicit} is a ${provider} schema`,
    );
  }
  url = provider === 'postgresql' ? 'postgresql://unused@localhost/unused' : 'file:./unused.db';
}
process.env.DATABASE_URL = url;
const isPg = provider === 'postgresql';

// PG workaround 1 (prisma/orm#27403): the schema engine cannot deserialize pg_catalog `name` (19)
// and `"char"` (18) columns; report them as text (25).
if (isPg) {
  type Query = (this: pg.Pool, ...args: unknown[]) => unknown;
  const proto = pg.Pool.prototype as unknown as { query: Query };
  const orig = proto.query;
  proto.query = function (...args) {
    const r = orig.apply(this, args);
    if (!(r instanceof Promise)) return r;
    return r.then((res: pg.QueryResult | undefined) => {
      for (const f of res?.fields ?? []) {
        if (f.dataTypeID === 19 || f.dataTypeID === 18) f.dataTypeID = 25;
      }
      return res;
    });
  };
}

// Discrete fields, not a connectionString: a connectionString would override the shadow db name.
function pgConfig(u: URL): pg.PoolConfig {
  return {
    host: u.hostname,
    port: Number(u.port || 5432),
    // Absent → undefined, so pg falls back to PGUSER/PGPASSWORD/~/.pgpass like psql.
    user: decodeURIComponent(u.username) || undefined,
    password: decodeURIComponent(u.password) || undefined,
    database: decodeURIComponent(u.pathname.slice(1)),
  };
}

// PG workaround 2: the adapter's own shadow db is dropped while its pool is still open (and left
// behind). Close the shadow pool first, then drop it from the main connection.
function pgMigrationAdapter(cfg: pg.PoolConfig): MigrationAdapter {
  const base = new PrismaPg(cfg);
  return {
    provider: base.provider,
    adapterName: base.adapterName,
    connect: () => base.connect(),
    async connectToShadowDb() {
      const admin = await base.connect();
      const database = `prisma_shadow_${randomUUID().replaceAll('-', '')}`;
      await admin.executeScript(`CREATE DATABASE "${database}"`);
      const shadow = await new PrismaPg({ ...cfg, database }).connect();
      const dispose = shadow.dispose.bind(shadow);
      shadow.dispose = async () => {
        await dispose();
        await admin.executeScript(`DROP DATABASE IF EXISTS "${database}"`);
        await admin.dispose();
      };
      return shadow;
    },
  };
}

// SQLite workaround: `migrate dev` replays the migration history into the shadow db through
// executeRaw, a single prepared statement, which better-sqlite3 refuses for multi-statement
// scripts ("External error id#0", P3006). Run argument-less SQL there as a script instead.
function sqliteMigrationAdapter(dbUrl: string): MigrationAdapter {
  const base = new PrismaBetterSQLite3({ url: dbUrl });
  return {
    provider: base.provider,
    adapterName: base.adapterName,
    connect: () => base.connect(),
    async connectToShadowDb() {
      const shadow = await base.connectToShadowDb();
      const executeRaw = shadow.executeRaw.bind(shadow);
      shadow.executeRaw = async (query) => {
        if (query.args.length > 0) return executeRaw(query);
        await shadow.executeScript(query.sql);
        return 0;
      };
      return shadow;
    },
  };
}

export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: schemas[provider],
  adapter: () =>
    Promise.resolve(
      isPg ? pgMigrationAdapter(pgConfig(new URL(url))) : sqliteMigrationAdapter(url),
    ),
});
