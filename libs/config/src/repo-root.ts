import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface PackageJson {
  name?: string;
  version?: string;
}

function readPackage(dir: string): PackageJson | null {
  const file = join(dir, 'package.json');
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as PackageJson;
}

// Both are fixed for the life of the process; GET / asks for the version on every request,
// and reading package.json each time was a fifth of that route's CPU (docs/decisions/0001).
let root: string | undefined;
let version: string | undefined;

/** The repository root (where package.json names hv-orchestrator), from source or dist alike. */
export function repoRoot(): string {
  return (root ??= findRepoRoot());
}

function findRepoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (readPackage(dir)?.name === 'hv-orchestrator') return dir;
    const up = dirname(dir);
    if (up === dir)
      throw new Error('hv-orchestrator package.json not found above ' + import.meta.url);
    dir = up;
  }
}

/** The service version from package.json. */
export function serviceVersion(): string {
  return (version ??= readPackage(repoRoot())?.version ?? '0.0.0');
}
