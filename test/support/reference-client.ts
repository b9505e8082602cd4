import { request as httpRequest } from 'node:http';
import type { TestStack } from './stack.js';

/** Python's json.dumps with its defaults: `", "` and `": "` separators, ASCII only. */
export function pyJsonDumps(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') {
    return JSON.stringify(v).replace(
      /[\u007f-\uffff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
  }
  if (typeof v === 'number' || typeof v === 'boolean') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(pyJsonDumps).join(', ')}]`;
  return `{${Object.entries(v as Record<string, unknown>)
    .map(([k, x]) => `${pyJsonDumps(k)}: ${pyJsonDumps(x)}`)
    .join(', ')}}`;
}

/** `'%s' % value` in Python: how the client puts a list into a query string. */
export function pyStr(v: unknown): string {
  if (Array.isArray(v))
    return `[${v.map((x) => (typeof x === 'string' ? `'${x}'` : pyStr(x))).join(', ')}]`;
  if (v === true) return 'True';
  if (v === false) return 'False';
  if (v === null || v === undefined) return 'None';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'bigint') return v.toString();
  return pyJsonDumps(v); // a dict prints much as JSON does
}

// requests.utils.requote_uri: everything but unreserved and these stays; the rest is %-quoted
const SAFE = new Set("!#$%&'()*+,/:;=?@[]~".split(''));
function requote(url: string): string {
  return [...url]
    .map((c) =>
      /[A-Za-z0-9._-]/.test(c) || SAFE.has(c)
        ? c
        : [...Buffer.from(c)].map((b) => `%${b.toString(16).toUpperCase()}`).join(''),
    )
    .join('');
}

export interface WireAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

/**
 * Requests built as zvmconnector/restclient.py builds them, sent as python-requests sends them:
 * a fresh token from POST /token (X-Admin-Token) before every call, `Content-Type:
 * application/json` on every call (body or not), the body as json.dumps writes it,
 * `Content-Length: 0` on a body-less non-GET, GET bodies where the client sends them, query
 * strings formatted with Python's `%s` and requoted. Loopback only.
 */
export class ReferenceClient {
  constructor(private readonly stack: TestStack) {}

  private send(
    method: string,
    url: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<WireAnswer> {
    const all: Record<string, string> = {
      'User-Agent': 'python-requests/2.31.0',
      'Accept-Encoding': 'gzip, deflate',
      Accept: '*/*',
      Connection: 'keep-alive',
      ...headers,
    };
    if (body !== undefined) all['Content-Length'] = String(Buffer.byteLength(body));
    else if (method !== 'GET' && method !== 'HEAD') all['Content-Length'] = '0';
    return new Promise((resolve, reject) => {
      const req = httpRequest(this.stack.url + requote(url), { method, headers: all }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : '';
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed });
        });
      });
      req.on('error', reject);
      if (body !== undefined) req.write(body);
      req.end();
    });
  }

  /** RESTClient._get_token. */
  private async token(): Promise<string> {
    const res = await this.send('POST', '/token', {
      'Content-Type': 'application/json',
      'X-Admin-Token': this.stack.adminToken,
    });
    const token = res.headers['x-auth-token'];
    if (typeof token !== 'string') throw new Error(`POST /token answered ${res.status}`);
    return token;
  }

  /** RESTClient.api_request for a url and body as one of the client's req_* functions made. */
  async call(method: string, url: string, body: unknown = null): Promise<WireAnswer> {
    const headers = { 'Content-Type': 'application/json', 'X-Auth-Token': await this.token() };
    return this.send(method, url, headers, body === null ? undefined : pyJsonDumps(body));
  }
}
