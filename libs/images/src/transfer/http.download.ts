import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { get as httpGet, type IncomingMessage, type RequestOptions } from 'node:http';
import { get as httpsGet } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { HostPolicy } from '../domain/host-policy.js';

export interface Download {
  /** The response body; the caller consumes or destroys it. */
  stream: IncomingMessage;
  /** Content-Length, when the server sent one. */
  length: number | null;
}

export interface DownloadOptions {
  /** The socket must make progress this often (connect, headers, each chunk of the body). */
  idleMs: number;
  /** Which addresses may be connected to: checked on every hop, on the address connected to. */
  policy: HostPolicy;
  /** `user:password` as written in a URL (percent-encoded), sent to the first URL's origin only. */
  credentials?: string | null;
}

const MAX_REDIRECTS = 5;

/**
 * The socket's lookup: resolves the name and fails, so the socket never connects, unless the
 * policy allows every address it resolves to.
 */
export function policyLookup(policy: HostPolicy, host: string): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, found: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const refused = found.find((a) => !policy.allows(host, a.address));
      if (refused || !found.length) {
        const why = refused ? `resolves to ${refused.address}` : 'has no address';
        return callback(
          Object.assign(new Error(`${hostname} ${why}, which ${policy.setting} does not allow`), {
            code: 'EHOSTREFUSED',
          }),
          '',
          0,
        );
      }
      // every address was checked: whichever one the socket takes is allowed
      if (options.all) return callback(null, found);
      return callback(null, found[0].address, found[0].family);
    });
  };
}

/**
 * Refuses a hop the policy forbids before anything is sent: the scheme, and an IP literal
 * (the socket connects to it without a lookup). Names, localhost too, are checked on lookup.
 */
export function checkHop(url: URL, policy: HostPolicy): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`a redirect to ${url.protocol} is not followed`);
  }
  const ip = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(ip) && policy.refusesLiterally(url.hostname)) {
    throw new Error(`${url.host} is an address ${policy.setting} does not allow`);
  }
}

/** `url` without its user info: how hops are requested and named in messages. */
export function bare(url: URL): URL {
  const u = new URL(url);
  u.username = '';
  u.password = '';
  return u;
}

/** A stray `%` stays as written, as a URL parser leaves it. */
function decoded(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** `user:password` of a URL (percent-encoded) as node's `auth` option takes it. */
function basicAuth(credentials: string): string {
  const [user = '', ...rest] = credentials.split(':');
  return `${decoded(user)}:${decoded(rest.join(':'))}`;
}

/**
 * Starts a GET of `url`, following up to 5 redirects by hand (each hop checked against the
 * policy, http(s) only), and resolves once a 2xx response has begun. Rejects with the real
 * cause, fit for the log and never for a client (it tells a port scanner what it asks).
 */
export async function httpDownload(url: URL, opts: DownloadOptions): Promise<Download> {
  const origin = url.origin;
  let hop = bare(url);
  for (let redirects = 0; ; redirects++) {
    checkHop(hop, opts.policy);
    const auth = opts.credentials && hop.origin === origin ? basicAuth(opts.credentials) : null;
    const res = await getOnce(hop, {
      timeout: opts.idleMs,
      agent: false, // a fresh socket per hop, connected through the policy's lookup
      lookup: policyLookup(opts.policy, hop.hostname), // not called for an IP literal
      ...(auth ? { auth } : {}),
    });
    const status = res.stream.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.stream.headers.location) {
      res.stream.resume();
      if (redirects === MAX_REDIRECTS) throw new Error(`too many redirects from ${hop.href}`);
      hop = bare(new URL(res.stream.headers.location, hop));
      continue;
    }
    if (status < 200 || status >= 300) {
      res.stream.resume();
      throw new Error(`HTTP ${status} ${res.stream.statusMessage ?? ''} from ${hop.href}`.trim());
    }
    return res;
  }
}

/** One GET; resolves with the response, whatever its status. */
function getOnce(url: URL, options: RequestOptions): Promise<Download> {
  return new Promise((resolve, reject) => {
    const get = url.protocol === 'https:' ? httpsGet : httpGet;
    let body: IncomingMessage | undefined;
    const req = get(url, options, (res) => {
      const length = Number(res.headers['content-length']);
      body = res;
      resolve({ stream: res, length: Number.isFinite(length) ? length : null });
    });
    req.on('timeout', () => {
      const ms = options.timeout ?? 0;
      const e = new Error(`no data from ${url.host} for ${Math.round(ms / 1000)} s`);
      body?.destroy(e); // the reader of the body sees why, not just "aborted"
      req.destroy(e);
    });
    req.on('error', reject);
  });
}
