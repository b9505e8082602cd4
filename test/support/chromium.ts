import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = '/usr/bin/chromium';

/** What a headless chromium is started with: no first-run work, no traffic of its own. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Debian's chromium, installed when missing and installable (root with apt-get; .ci/run
 * installs it first). Null, with the reason, only when it is neither there nor installable.
 */
export function ensureChromium(): { path: string } | { missing: string } {
  if (existsSync(CHROMIUM)) return { path: CHROMIUM };
  try {
    if (process.getuid?.() !== 0) throw new Error('not root');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'pipe', timeout: 300_000 });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'pipe',
      timeout: 600_000,
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } catch (e) {
    return { missing: `chromium is not installed and could not be: ${(e as Error).message}` };
  }
  return existsSync(CHROMIUM) ? { path: CHROMIUM } : { missing: 'apt-get installed no chromium' };
}
