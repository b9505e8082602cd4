import { mkdtempSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { loadConfig } from '#config';
import { AdminTokenStore, writeAdminToken } from './admin-token.store.js';

const dirs: string[] = [];
const stores: AdminTokenStore[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
afterEach(() => stores.splice(0).forEach((s) => s.onModuleDestroy()));
beforeAll(() => Logger.overrideLogger(['error']));

function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'hvo-admin-'));
  dirs.push(dir);
  const cfg = loadConfig({ DATA_DIR: dir });
  const store = new AdminTokenStore(cfg);
  stores.push(store);
  store.ensure();
  return { path: cfg.TOKEN_PATH, store };
}

/**
 * What the store answers once it answers `want`, or after 600 ms: time for a watch event on a
 * loaded machine (a fixed 50 ms was not, in CI), still below the 1 s recheck, so it is the watch
 * that is seen.
 */
async function answerOf(store: AdminTokenStore, want: string | null): Promise<string | null> {
  const until = Date.now() + 600;
  while (store.current() !== want && Date.now() < until)
    await new Promise((r) => setTimeout(r, 20));
  return store.current();
}

describe('AdminTokenStore', () => {
  it('sees a token written by this process at once', () => {
    const { path, store } = setup();
    const before = store.current();
    const token = writeAdminToken(path);
    expect(token).not.toBe(before);
    expect(store.current()).toBe(token);
  });

  it('sees a token another process wrote as soon as the watch reports it', async () => {
    const { path, store } = setup();
    store.current();
    writeFileSync(path, 'B'.repeat(42) + '\n'); // as the regenerate command does, elsewhere
    expect(await answerOf(store, 'B'.repeat(42))).toBe('B'.repeat(42));
  });

  it('sees a file replaced by a rename, and a file removed', async () => {
    const { path, store } = setup();
    store.current();
    writeFileSync(`${path}.new`, 'C'.repeat(42));
    renameSync(`${path}.new`, path);
    expect(await answerOf(store, 'C'.repeat(42))).toBe('C'.repeat(42));
    unlinkSync(path);
    expect(await answerOf(store, null)).toBeNull();
  });

  it('checks the file on every call once it is closed', () => {
    const { path, store } = setup();
    store.current();
    store.onModuleDestroy();
    writeFileSync(path, 'D'.repeat(42));
    expect(store.current()).toBe('D'.repeat(42));
  });
});
