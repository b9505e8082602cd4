import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { repoRoot } from '#config';
import { providerOf, sqliteFilePath } from './database-url.js';

/**
 * Applies pending migrations with `prisma migrate deploy` and resolves to its exit code.
 * A relative SQLite path is made absolute against our cwd first, because the CLI runs in the
 * repository root; the file's directory is created if needed.
 */
export function migrateDeploy(databaseUrl: string): Promise<number> {
  let url = databaseUrl;
  if (providerOf(url) === 'sqlite') {
    const file = resolve(sqliteFilePath(url));
    mkdirSync(dirname(file), { recursive: true });
    url = `file:${file}`;
  }
  const root = repoRoot();
  const prisma = join(root, 'node_modules', '.bin', 'prisma');
  // Argument array, no shell. Run the CLI's script with our own node, so PATH does not matter.
  // The child gets only what it needs: settings come from loadConfig(), not the environment.
  const child = spawn(process.execPath, [prisma, 'migrate', 'deploy'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      DATABASE_URL: url,
      HOME: homedir(),
      CHECKPOINT_DISABLE: '1', // no update check against the network
      PRISMA_HIDE_UPDATE_MESSAGE: '1',
    },
  });
  return new Promise((done, fail) => {
    child.once('error', fail);
    child.once('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}
