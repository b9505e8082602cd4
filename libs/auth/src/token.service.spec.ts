import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { Logger } from '@nestjs/common';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '#config';
import { AdminTokenStore, writeAdminToken } from './admin-token.store.js';
import { secretsEqual } from './constant-time.js';
import { TokenService } from './token.service.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
beforeAll(() => Logger.overrideLogger(['error']));

function setup(extra: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'hvo-auth-'));
  dirs.push(dir);
  const cfg = loadConfig({ DATA_DIR: dir, ...extra });
  const store = new AdminTokenStore(cfg);
  store.ensure();
  return { cfg, store, sut: new TokenService(cfg, store) };
}

describe('TokenService', () => {
  it('creates a 0600 admin token file of 42 alphanumerics', () => {
    const { cfg, store } = setup();
    expect(statSync(cfg.TOKEN_PATH).mode & 0o777).toBe(0o600);
    expect(store.current()).toMatch(/^[A-Za-z0-9]{42}$/);
  });

  it('issues HS256 tokens for the admin token only, and verifies them', async () => {
    const { store, sut } = setup();
    expect(await sut.issue('wrong')).toBeNull();
    expect(await sut.issue(undefined)).toBeNull();
    const token = await sut.issue(store.current()!);
    expect(token).toBeTruthy();
    const header = JSON.parse(Buffer.from(token!.split('.')[0], 'base64url').toString());
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(await sut.verify(token!)).toBe(true);
    expect(await sut.verify(token! + 'x')).toBe(false);
  });

  it('invalidates issued tokens when the admin token is regenerated', async () => {
    const { cfg, store, sut } = setup();
    const token = (await sut.issue(store.current()!))!;
    writeAdminToken(cfg.TOKEN_PATH);
    expect(await sut.verify(token)).toBe(false);
  });

  it('rejects expired tokens', async () => {
    const { store, sut } = setup({ TOKEN_TTL_S: '1' });
    const token = (await sut.issue(store.current()!))!;
    await new Promise((r) => setTimeout(r, 2100));
    expect(await sut.verify(token)).toBe(false);
  });

  it('stops accepting a remembered token at its expiry', async () => {
    // exp is whole seconds: with 2 s the token is valid for at least 1 s after it is issued
    const { store, sut } = setup({ TOKEN_TTL_S: '2' });
    const token = (await sut.issue(store.current()!))!;
    expect(await sut.verify(token)).toBe(true); // remembered from here on
    await new Promise((r) => setTimeout(r, 3100));
    expect(await sut.verify(token)).toBe(false);
  });

  it('forgets remembered tokens when the admin token is regenerated', async () => {
    const { cfg, store, sut } = setup();
    const token = (await sut.issue(store.current()!))!;
    expect(await sut.verify(token)).toBe(true);
    writeAdminToken(cfg.TOKEN_PATH);
    expect(await sut.verify(token)).toBe(false);
  });

  it('answers server-auth-closed when auth is off', async () => {
    const { sut } = setup({ AUTH: 'none' });
    expect(await sut.issue(undefined)).toBe('server-auth-closed');
  });
});

describe('secretsEqual', () => {
  it('compares whole secrets', () => {
    expect(secretsEqual('abc', 'abc')).toBe(true);
    expect(secretsEqual('abc', 'abd')).toBe(false);
    expect(secretsEqual('ab', 'abc')).toBe(false);
  });
});
