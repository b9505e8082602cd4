// Writes the two Prisma schemas (SQLite, PostgreSQL) from prisma/models.prisma: Prisma takes one
// provider per schema, so the models have one source and each schema is its header plus them.
// `node scripts/prisma-schemas.mjs --check` exits 1 when a schema is not what the source makes.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const MODELS = 'prisma/models.prisma';
export const SCHEMAS = {
  sqlite: { path: 'prisma/sqlite/schema.prisma', name: 'SQLite', note: 'the embedded default' },
  postgresql: { path: 'prisma/postgres/schema.prisma', name: 'PostgreSQL', note: 'production' },
};

/** The schema of `provider`: generator and datasource for it, then the shared models. */
export function renderSchema(provider, models) {
  const { path, name, note } = SCHEMAS[provider];
  const out = path.split('/')[1];
  const body = models.replace(/^(\/\/.*\n)*\n*/, '');
  return `// ${name} schema (${note}), written by scripts/prisma-schemas.mjs from ${MODELS}:
// edit the models there, then \`npm run db:generate\`.

generator client {
  provider            = "prisma-client"
  output              = "../../libs/persistence/src/generated/${out}"
  // Rust-free query compiler + driver adapter: no engine download, works offline.
  engineType          = "client"
  moduleFormat        = "esm"
  // The default "ts" extension breaks the tsc output (ERR_MODULE_NOT_FOUND on .ts imports).
  importFileExtension = "js"
}

datasource db {
  provider = "${provider}"
  // Required by 6.19 even though the adapter in prisma.config.ts supplies the connection.
  url      = env("DATABASE_URL")
}

${body}`;
}

/** The schemas whose file differs from what the source makes: [path, expected text]. */
export function staleSchemas(base = root) {
  const models = readFileSync(join(base, MODELS), 'utf8');
  const stale = [];
  for (const provider of Object.keys(SCHEMAS)) {
    const file = join(base, SCHEMAS[provider].path);
    const want = renderSchema(provider, models);
    let have = '';
    try {
      have = readFileSync(file, 'utf8');
    } catch {
      // missing: written below
    }
    if (have !== want) stale.push([file, want]);
  }
  return stale;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const stale = staleSchemas();
  if (process.argv.includes('--check')) {
    for (const [file] of stale) process.stderr.write(`${file} is out of date with ${MODELS}\n`);
    process.exit(stale.length ? 1 : 0);
  }
  // only what changed is written: an unchanged schema keeps its time (prepare.mjs compares them)
  for (const [file, text] of stale) writeFileSync(file, text);
}
