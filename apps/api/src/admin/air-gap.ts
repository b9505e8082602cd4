import type { FastifyInstance } from 'fastify';

/** A `<link>` to another host: bull-board's page links Google Fonts for its typeface. */
const REMOTE_LINK = /<link\b[^>]*\bhref="(?:https?:)?\/\/[^"]*"[^>]*>\s*/gi;

/**
 * Management nodes are usually air-gapped: a page of ours must load nothing from another
 * host. The HTML pages of `scope` lose their links to other hosts (the dashboard then uses
 * the system's sans-serif and monospace fonts); their own files are served by the service.
 */
export function dropRemoteLinks(scope: FastifyInstance): void {
  scope.addHook('onSend', (_req, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (typeof payload === 'string' && typeof type === 'string' && type.startsWith('text/html'))
      return done(null, payload.replace(REMOTE_LINK, ''));
    done(null, payload);
  });
}
