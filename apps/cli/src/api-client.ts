import { readFile } from 'node:fs/promises';
import type { CliSettings } from '#config/cli';
import type { Envelope } from '#envelope';
import { EXIT, type ExitCode, exitForStatus } from './exit-codes.js';
import { TokenCache } from './token-cache.js';

export type { Envelope };

export interface ApiAnswer<T = unknown> {
  status: number;
  headers: Headers;
  body: Envelope<T>;
}

/** A failure to report to the user: its message on stderr, its exit status. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode = EXIT.failed,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export interface CallOptions {
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * HTTP to the service with its token: logs in with the admin token once, caches the short-lived
 * token between runs and renews it when the service refuses it. No admin token at all means a
 * service running with AUTH=none.
 */
export class ApiClient {
  private readonly cache: TokenCache;
  private token: string | undefined;

  constructor(
    readonly url: string,
    private readonly settings: CliSettings,
    /** `hvctl/<version>`, so the service's audit and logs tell hvctl's requests apart */
    private readonly userAgent = 'hvctl',
  ) {
    this.cache = new TokenCache(settings.tokenCacheFile);
  }

  private async adminToken(): Promise<string | undefined> {
    if (this.settings.adminToken) return this.settings.adminToken;
    try {
      return (await readFile(this.settings.adminTokenFile, 'utf8')).trim();
    } catch {
      return undefined;
    }
  }

  private async login(): Promise<string | undefined> {
    const admin = await this.adminToken();
    if (!admin) return undefined;
    const res = await this.fetch('/token', { method: 'POST', headers: { 'x-admin-token': admin } });
    const token = res.headers.get('x-auth-token');
    if (res.status !== 200 || !token) {
      throw new CliError(
        `login refused (${res.status}): check HV_ADMIN_TOKEN or the token file`,
        EXIT.auth,
      );
    }
    await this.cache.put(this.url, token);
    return token;
  }

  private async fetch(path: string, init: RequestInit): Promise<Response> {
    try {
      const headers = { ...(init.headers as Record<string, string>), 'user-agent': this.userAgent };
      return await fetch(new URL(path, this.url), { ...init, headers });
    } catch (e) {
      const cause = (e as { cause?: { code?: string; message?: string } }).cause;
      throw new CliError(
        `cannot reach ${this.url}: ${cause?.code ?? cause?.message ?? String(e)}`,
        EXIT.unreachable,
      );
    }
  }

  private async headers(extra?: Record<string, string>): Promise<Record<string, string>> {
    this.token ??= (await this.cache.get(this.url)) ?? (await this.login());
    return { ...(this.token ? { 'x-auth-token': this.token } : {}), ...extra };
  }

  /** One request; a refused cached token is renewed once. */
  async raw(method: string, path: string, opts: CallOptions = {}): Promise<Response> {
    const init = (headers: Record<string, string>): RequestInit => ({
      method,
      headers: {
        ...headers,
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
    });
    let res = await this.fetch(path, init(await this.headers(opts.headers)));
    if (res.status === 401) {
      await this.cache.drop(this.url);
      this.token = await this.login();
      if (!this.token) {
        throw new CliError(
          'the service wants a token: set HV_ADMIN_TOKEN or --admin-token-file',
          EXIT.auth,
        );
      }
      res = await this.fetch(path, init(await this.headers(opts.headers)));
    }
    return res;
  }

  async call<T = unknown>(method: string, path: string, opts?: CallOptions): Promise<ApiAnswer<T>> {
    const res = await this.raw(method, path, opts);
    const text = await res.text();
    let body: Envelope<T>;
    try {
      body = JSON.parse(text) as Envelope<T>;
    } catch {
      throw new CliError(
        `${method} ${path} answered ${res.status} without an envelope`,
        exitForStatus(res.status),
      );
    }
    return { status: res.status, headers: res.headers, body };
  }
}
