import type { FastifyInstance } from 'fastify';
import { nameRequestSpan, tracing } from '#telemetry';

/**
 * When tracing, each request's span (made by the http instrumentation, continuing a client's
 * traceparent) is named after its route pattern: `POST /guests/:userid/action`, not `POST`.
 */
export function nameRequestSpans(fastify: FastifyInstance): void {
  if (!tracing()) return;
  fastify.addHook('onRequest', (req, _reply, done) => {
    nameRequestSpan(req.method, req.routeOptions.url);
    done();
  });
}
