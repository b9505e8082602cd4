import type { FastifyInstance } from 'fastify';
import './fastify-augment.js';

/**
 * Parses JSON bodies without failing the request: a malformed body is noted on the request
 * and answered by EnvelopeInterceptor after authentication (the reference checks the token
 * before it parses the body). An empty body is no body.
 */
export function registerJsonBodyParser(fastify: FastifyInstance): void {
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (req, body: string, done) => {
      if (body.trim() === '') return done(null, undefined);
      try {
        done(null, JSON.parse(body) as unknown);
      } catch (e) {
        req.bodyError = (e as Error).message;
        done(null, undefined);
      }
    },
  );
}
