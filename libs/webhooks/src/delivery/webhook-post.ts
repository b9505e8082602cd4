import { type IncomingMessage, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { type HostPolicy, bare, checkHop, policyLookup } from '#images';

export interface PostOptions {
  headers: Record<string, string>;
  body: string;
  /** Which addresses may be connected to: checked on every hop, on the address connected to. */
  policy: HostPolicy;
  /** The whole attempt (every hop, the answer and its body) ends after this long. */
  timeoutMs: number;
}

export interface PostResult {
  status: number;
  /** The start of the answer's body (at most MAX_ANSWER_BYTES), for the delivery log. */
  answer: string;
}

const MAX_REDIRECTS = 5;
/** Receivers answer with a short body; more is neither read nor kept. */
const MAX_ANSWER_BYTES = 4096;
/** Redirects that keep the method and body (RFC 9110): the only ones a POST follows. */
const KEEPS_METHOD = new Set([307, 308]);

/** A stray `%` stays as written, as a URL parser leaves it. */
function decoded(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** `user:password` of a URL (percent-encoded) as node's `auth` option takes it. */
function basicAuth(u: URL): string | undefined {
  if (!u.username && !u.password) return undefined;
  return `${decoded(u.username)}:${decoded(u.password)}`;
}

/**
 * POSTs a webhook through the outbound policy of image imports: every hop's literal address is
 * checked before anything is sent, names on lookup, and the socket connects to a checked
 * address. 307/308 redirects are followed (at most 5); credentials of the URL go to its own
 * origin only. Rejects with the cause (fit for the delivery log: it never holds credentials).
 */
export async function postWebhook(url: URL, opts: PostOptions): Promise<PostResult> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new Error(`no complete answer within ${opts.timeoutMs} ms`)),
    opts.timeoutMs,
  );
  try {
    let hop = bare(url);
    for (let redirects = 0; ; redirects++) {
      checkHop(hop, opts.policy);
      const auth = hop.origin === url.origin ? basicAuth(url) : undefined;
      const res = await postOnce(hop, opts, controller.signal, auth);
      const location = res.headers.location;
      if (KEEPS_METHOD.has(res.statusCode ?? 0) && location) {
        res.resume();
        if (redirects === MAX_REDIRECTS) throw new Error(`too many redirects from ${hop.href}`);
        hop = bare(new URL(location, hop));
        continue;
      }
      return { status: res.statusCode ?? 0, answer: await readSome(res) };
    }
  } finally {
    clearTimeout(timer);
  }
}

function postOnce(
  url: URL,
  opts: PostOptions,
  signal: AbortSignal,
  auth: string | undefined,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      url,
      {
        method: 'POST',
        signal,
        agent: false, // a fresh socket per hop, connected through the policy's lookup
        lookup: policyLookup(opts.policy, url.hostname),
        headers: {
          ...opts.headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(opts.body),
          'user-agent': 'hv-orchestrator-webhooks',
        },
        ...(auth ? { auth } : {}),
      },
      resolve,
    );
    req.on('error', (e: Error) => reject(signal.aborted ? (signal.reason as Error) : e));
    req.end(opts.body);
  });
}

/** The first bytes of a body; the rest is dropped with the socket. */
function readSome(res: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => resolve(Buffer.concat(chunks).toString('utf8').slice(0, MAX_ANSWER_BYTES));
    res.on('data', (c: Buffer) => {
      chunks.push(c);
      size += c.length;
      if (size >= MAX_ANSWER_BYTES) {
        res.destroy();
        done();
      }
    });
    res.on('end', done);
    res.on('error', done);
    res.on('close', done);
  });
}
