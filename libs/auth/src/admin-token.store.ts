import { randomInt } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '#config';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 42 random characters of [A-Za-z0-9], like the reference's zvmsdk-gentoken. */
export function generateAdminToken(): string {
  let s = '';
  for (let i = 0; i < 42; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return s;
}

/** Writes a new admin token to `path` with mode 0600; returns it. */
export function writeAdminToken(path: string, token = generateAdminToken()): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${token}\n`, { mode: 0o600 });
  chmodSync(path, 0o600); // an existing file keeps its mode on write
  return token;
}

/**
 * The admin token file. Re-read when it changes (the reference re-reads it on every request),
 * so regenerating the token takes effect at once and invalidates every issued token.
 */
@Injectable()
export class AdminTokenStore {
  private readonly log = new Logger(AdminTokenStore.name);
  private cached: { mtimeMs: number; size: number; token: string } | null = null;

  constructor(private readonly cfg: AppConfig) {}

  /** Creates the token file when it is missing; logs where it is. */
  ensure(): void {
    try {
      statSync(this.cfg.TOKEN_PATH);
    } catch {
      writeAdminToken(this.cfg.TOKEN_PATH);
      this.log.log(`Generated a new admin token in ${this.cfg.TOKEN_PATH}`);
    }
  }

  /** The current admin token, or null when the file is missing or empty. */
  current(): string | null {
    try {
      const st = statSync(this.cfg.TOKEN_PATH);
      if (this.cached && this.cached.mtimeMs === st.mtimeMs && this.cached.size === st.size) {
        return this.cached.token;
      }
      const token = readFileSync(this.cfg.TOKEN_PATH, 'utf8').trim();
      this.cached = { mtimeMs: st.mtimeMs, size: st.size, token };
      return token || null;
    } catch {
      this.cached = null;
      return null;
    }
  }
}
