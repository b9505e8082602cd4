import type { IncomingMessage } from 'node:http';
import { finished, PassThrough, type Readable } from 'node:stream';

export interface DetachedBody {
  /** The request body; the handler may stop reading or destroy it at any point. */
  body: Readable;
  /** Reads and drops whatever the handler left, so the connection can carry the reply. */
  drain(): Promise<void>;
}

/**
 * The request body at one remove. Destroying the request itself would close the socket before
 * any reply (a failed copy must still answer rc 3), so handlers get a pass-through instead. A
 * client that goes away mid-body errors `body`.
 */
export function detachedBody(req: IncomingMessage): DetachedBody {
  const body = new PassThrough();
  // Consumers attach their own listeners; this one keeps an error nobody reads from crashing.
  body.on('error', () => undefined);
  req.pipe(body);
  finished(req, (err) => {
    if (err) body.destroy(err);
  });
  return {
    body,
    async drain() {
      req.unpipe(body);
      body.destroy();
      if (req.readableEnded || req.destroyed) return;
      req.resume();
      await new Promise<void>((resolve) => finished(req, () => resolve()));
    },
  };
}
