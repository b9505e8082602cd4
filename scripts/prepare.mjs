#!/usr/bin/env node
// Makes a fresh clone runnable: installs dependencies from the lockfile when they are missing
// or stale, generates the Prisma clients, builds, and (with --migrate) migrates the configured
// database. Uses only Node built-ins, since it runs before anything is installed.
// Commands run with argument arrays, never shell strings.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(args) {
  console.log(`[prepare] npm ${args.join(' ')}`);
  const r = spawnSync(npm, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`[prepare] npm ${args.join(' ')} failed (exit ${r.status ?? r.signal})`);
    process.exit(r.status || 1);
  }
}

function mtime(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

/** Newest modification time of the files below `dir` (skipping generated output). */
function newest(dir) {
  let max = 0;
  if (!existsSync(dir)) return 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'generated' || entry.name === 'node_modules') continue;
    const p = join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(p) : mtime(p));
  }
  return max;
}

const installed = join(root, 'node_modules', '.package-lock.json');
if (
  mtime(installed) < mtime(join(root, 'package-lock.json')) ||
  mtime(installed) < mtime(join(root, 'package.json'))
) {
  run(['install', '--no-audit', '--no-fund']);
}

const client = join(root, 'libs/persistence/src/generated/postgres/client.ts');
if (mtime(client) < newest(join(root, 'prisma'))) run(['run', 'db:generate']);

const stamp = join(root, 'dist', '.build-stamp');
const sources = Math.max(
  ...['apps', 'libs', 'scripts', 'bench', 'prisma'].map((d) => newest(join(root, d))),
  mtime(join(root, 'tsconfig.json')),
  mtime(join(root, 'tsconfig.build.json')),
);
if (mtime(stamp) < sources) {
  run(['run', 'build']);
  writeFileSync(stamp, new Date().toISOString());
}

if (process.argv.includes('--migrate')) run(['run', 'db:migrate']);
