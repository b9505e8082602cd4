import { request as httpRequest } from 'node:http';

/** A response as a client sees it. */
export interface HttpResult<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as is (for malformed bodies); sets content-type application/json unless given. */
  rawBody?: string;
  headers?: Record<string, string>;
  token?: string | null;
}

/** One HTTP request over the loopback; parses JSON bodies. */
export async function request(
  base: string,
  method: string,
  path: string,
  opts: RequestOptions = {},
): Promise<HttpResult> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) headers['x-auth-token'] = opts.token;
  let body: string | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(base + path, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : '';
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

/** Polls `check` until it returns a value other than undefined, or fails after `ms`. */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  ms = 15000,
  /** What was waited for; a function is asked at the time-out (e.g. for the output so far). */
  what: string | (() => string) = 'condition',
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > end) {
      throw new Error(`timed out waiting for ${typeof what === 'function' ? what() : what}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A request whose raw body is sent whatever the method (fetch refuses a body on GET, which
 * the reference's clients send to the volume connector and `GET /vswitch`).
 */
export function requestWithBody(
  base: string,
  method: string,
  path: string,
  rawBody: string,
  token?: string,
  extra: Record<string, string> = {},
): Promise<HttpResult> {
  const headers: Record<string, string | number> = {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(rawBody),
    ...extra,
  };
  if (token) headers['x-auth-token'] = token;
  return new Promise((resolve, reject) => {
    const req = httpRequest(base + path, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = text ? JSON.parse(text) : '';
        } catch {
          /* not JSON */
        }
        const got = new Headers();
        for (const [k, v] of Object.entries(res.headers)) {
          for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) got.append(k, one);
        }
        resolve({ status: res.statusCode ?? 0, headers: got, body, text });
      });
    });
    req.on('error', reject);
    req.end(rawBody);
  });
}
