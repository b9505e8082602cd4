import type { FastifyRequest } from 'fastify';
import './fastify-augment.js';

/**
 * The route pattern a request was answered on, null when no route took it (the router's 404,
 * or a request passed on to the not-found handler), for the hooks that run once the answer is
 * sent (the request line, the latency histogram). Read once for them all: Fastify's
 * routeOptions getter builds an object of a dozen fields on every read (docs/decisions/0010).
 * Not before the answer: passing a request to the not-found handler changes its
 * route.
 */
export function answeredRoute(req: FastifyRequest): string | null {
  if (req.answeredRoute === undefined) req.answeredRoute = req.routeOptions.url ?? null;
  return req.answeredRoute;
}
