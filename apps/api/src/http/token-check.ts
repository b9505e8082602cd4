import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PUBLIC_ROUTE, type TokenService } from '#auth';
import { Errors } from '#envelope';
import './fastify-augment.js';

const hasBody = (req: FastifyRequest): boolean =>
  req.headers['transfer-encoding'] !== undefined ||
  (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

function refuse(req: FastifyRequest, reply: FastifyReply): void {
  const err = Errors.unauthorized();
  void reply.code(err.httpStatus ?? 401);
  // a body is never read: close the connection rather than drain it
  if (hasBody(req)) void reply.header('connection', 'close');
  void reply.send(err.toEnvelope());
}

/**
 * The one X-Auth-Token check (AUTH=token), for every route not marked public in its route
 * config (@Public; the dashboard and the docs, raw-routes.ts): answered 401 before a request's body is read,
 * so unauthenticated bodies cost nothing (issue #16), and decided per route from the route
 * table rather than by a Nest guard, whose async call and metadata lookups per request were a
 * measurable share of `GET /` (docs/decisions/0001). Unmatched requests fall through to 404/405.
 * Synchronous for a token already verified; only a new token waits for its HMAC.
 */
export function checkToken(fastify: FastifyInstance, tokens: TokenService): void {
  fastify.addHook('onRequest', (req, reply, done) => {
    if (!tokens.enabled || req.is404 || req.routeOptions.config[PUBLIC_ROUTE]) return done();
    const token = req.headers['x-auth-token'];
    const given = typeof token === 'string' ? token : undefined;
    const known = tokens.known(given);
    if (known === false) return refuse(req, reply);
    if (known === true) {
      req.who = tokens.subjectOf(given!);
      return done();
    }
    tokens.verify(given).then((ok) => {
      if (!ok) return refuse(req, reply);
      req.who = tokens.subjectOf(given!);
      done();
    }, done);
  });
}
