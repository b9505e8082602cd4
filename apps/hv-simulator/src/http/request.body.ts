import type { IncomingMessage } from 'node:http';
import { finished, PassThrough, type Readable } from 'node:stream';
import type { InputState } from '../calls/call.log.js';

export interface DetachedBody {
  /** The request body; the handler may stop reading or destroy it at any point. */
  body: Readable;
  /** Reads and drops whatever the handler left, so the connection can carry the reply. */
  drain(): Promise<void>;
  /** Reports now and on each change whether all of the body has arrived, or never will. */
  watch(report: (state: InputState) => void): void;
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
    watch(report) {
      // `end`: all of it came off the connection (into `body`, which buffers what a held call
      // has not read yet); an error: the client went away before that
      report(req.readableEnded ? 'complete' : 'arriving');
      req.once('end', () => report('complete'));
      finished(req, (err) => {
        if (err && !req.readableEnded) report('broken');
      });
    },
    async drain() {
      req.unpipe(body);
      body.destroy();
      if (req.readableEnded || req.destroyed) return;
      req.resume();
      await new Promise<void>((resolve) => finished(req, () => resolve()));
    },
  };
}
