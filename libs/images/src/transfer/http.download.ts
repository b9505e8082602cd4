import { get as httpGet, type IncomingMessage } from 'node:http';
import { get as httpsGet } from 'node:https';

export interface Download {
  /** The response body; the caller consumes or destroys it. */
  stream: IncomingMessage;
  /** Content-Length, when the server sent one. */
  length: number | null;
}

const MAX_REDIRECTS = 5;

/**
 * Starts a GET of `url`, following up to 5 redirects, and resolves once a 2xx response has
 * begun. The socket must make progress every `idleMs` (connect, headers, and each chunk of the
 * body): a stalled transfer fails instead of hanging, while a slow but moving one of any
 * length completes. Rejects with a reason fit for an error message.
 */
export function httpDownload(
  url: URL,
  idleMs: number,
  redirects = MAX_REDIRECTS,
): Promise<Download> {
  return new Promise((resolve, reject) => {
    const get = url.protocol === 'https:' ? httpsGet : httpGet;
    let body: IncomingMessage | undefined;
    const req = get(url, { timeout: idleMs }, (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        if (redirects === 0) return reject(new Error(`too many redirects from ${url.href}`));
        const next = new URL(res.headers.location, url);
        return resolve(httpDownload(next, idleMs, redirects - 1));
      }
      if (status < 200 || status >= 300) {
        res.resume();
        return reject(
          new Error(`HTTP ${status} ${res.statusMessage ?? ''} from ${url.href}`.trim()),
        );
      }
      const length = Number(res.headers['content-length']);
      body = res;
      resolve({ stream: res, length: Number.isFinite(length) ? length : null });
    });
    req.on('timeout', () => {
      const e = new Error(`no data from ${url.host} for ${Math.round(idleMs / 1000)} s`);
      body?.destroy(e); // the reader of the body sees why, not just "aborted"
      req.destroy(e);
    });
    req.on('error', reject);
  });
}
