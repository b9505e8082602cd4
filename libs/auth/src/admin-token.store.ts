import { randomInt } from 'node:crypto';
import {
  chmodSync,
  type FSWatcher,
  mkdirSync,
  readFileSync,
  statSync,
  watch,
  writeFileSync,
} from 'node:fs';
import { basename, dirname } from 'node:path';
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { AppConfig } from '#config';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** How long a token checked against the file is trusted while the file is watched. */
const RECHECK_MS = 1000;

/** Token files written by this process: a store sees them at once, without waiting for a watch. */
let writesHere = 0;

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
  writesHere++;
  return token;
}

/**
 * The admin token file. A change counts at once (the reference re-reads the file on every
 * request): regenerating the token invalidates every issued token. Rather than a stat per
 * request (8 % of the api's CPU on `GET /`), the token's directory is watched, and the file is
 * checked again when the watch reports it, when this process wrote it, and at least once a
 * second in case the watch misses a change (a network file system).
 */
@Injectable()
export class AdminTokenStore implements OnModuleDestroy {
  private readonly log = new Logger(AdminTokenStore.name);
  private cached: { mtimeMs: number; size: number; token: string } | null = null;
  private checkedAt = 0;
  private checkedWrites = -1;
  private watcher: FSWatcher | null = null;
  private watchFailed = false;

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
    const now = performance.now();
    if (
      this.cached &&
      this.watcher &&
      this.checkedWrites === writesHere &&
      now - this.checkedAt < RECHECK_MS
    ) {
      return this.cached.token || null;
    }
    this.checkedAt = now;
    this.checkedWrites = writesHere;
    this.watch();
    try {
      const st = statSync(this.cfg.TOKEN_PATH);
      if (this.cached && this.cached.mtimeMs === st.mtimeMs && this.cached.size === st.size) {
        return this.cached.token || null;
      }
      const token = readFileSync(this.cfg.TOKEN_PATH, 'utf8').trim();
      this.cached = { mtimeMs: st.mtimeMs, size: st.size, token };
      return token || null;
    } catch {
      this.cached = null;
      return null;
    }
  }

  onModuleDestroy(): void {
    this.watchFailed = true; // checked on every call from here on
    this.watcher?.close();
    this.watcher = null;
  }

  /** Watches the token's directory (a file replaced by a rename is seen too); once. */
  private watch(): void {
    if (this.watcher || this.watchFailed) return;
    const name = basename(this.cfg.TOKEN_PATH);
    const stale = (_event: string, file: string | Buffer | null) => {
      if (file === null || file.toString() === name) this.checkedAt = -Infinity;
    };
    try {
      // not persistent: a watch alone never keeps the process alive
      this.watcher = watch(dirname(this.cfg.TOKEN_PATH), { persistent: false }, stale);
      this.watcher.on('error', () => {
        this.watcher?.close();
        this.watcher = null;
        this.watchFailed = true; // checked on every call from here on, as before
      });
    } catch {
      // no directory yet (the file is missing too): tried again on the next call
    }
  }
}
