// A small HTTP client for the bench's own set-up calls (not the measured load).
import { readFileSync } from 'node:fs';
import type { BenchStack } from './bench-stack.js';

export interface Answer {
  status: number;
  body: { overallRC?: number; errmsg?: string; output?: unknown };
  headers: Headers;
}

/** The admin token as HTTP basic auth, as `/metrics` and the dashboard take it. */
export const adminBasicAuth = (tokenPath: string): string =>
  `Basic ${Buffer.from(`bench:${readFileSync(tokenPath, 'utf8').trim()}`).toString('base64')}`;

export class BenchClient {
  private constructor(
    readonly base: string,
    readonly headers: Record<string, string>,
  ) {}

  /** Logs in with the stack's admin token when auth is on. */
  static async for(stack: BenchStack): Promise<BenchClient> {
    if (stack.cfg.AUTH === 'none') return new BenchClient(stack.base, {});
    return BenchClient.login(stack.base, readFileSync(stack.cfg.TOKEN_PATH, 'utf8').trim());
  }

  /** Logs in to the service at `base` with its admin token (ours or the reference's). */
  static async login(base: string, adminToken: string): Promise<BenchClient> {
    const res = await fetch(`${base}/token`, {
      method: 'POST',
      headers: { 'x-admin-token': adminToken },
    });
    const token = res.headers.get('x-auth-token');
    if (!token) throw new Error(`POST /token answered ${res.status}`);
    return new BenchClient(base, { 'x-auth-token': token });
  }

  async call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        ...this.headers,
        ...headers,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Answer['body'], headers: res.headers };
  }

  /** A call that must answer 200, or the bench stops with what it got. */
  async must(method: string, path: string, body?: unknown): Promise<Answer> {
    const a = await this.call(method, path, body);
    if (a.status !== 200)
      throw new Error(`${method} ${path}: ${a.status} ${JSON.stringify(a.body)}`);
    return a;
  }
}

/** Runs `fn` over `items`, at most `limit` at a time. */
export async function inBatches<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T, i: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i], i);
    }
  });
  await Promise.all(lanes);
}

export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
