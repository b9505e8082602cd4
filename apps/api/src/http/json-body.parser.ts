import type { FastifyInstance } from 'fastify';
import { Errors, bodyShapeProblem } from '#envelope';
import './fastify-augment.js';

/**
 * Parses JSON bodies without failing the request: a malformed body is noted on the request
 * and answered by the envelope hooks after authentication (the reference checks the token
 * before it parses the body). A body whose shape is out of bounds or that holds text no database
 * stores (#envelope's bodyShapeProblem) is noted the same way. An empty body is no body.
 */
export function registerJsonBodyParser(fastify: FastifyInstance): void {
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (req, body: string, done) => {
      if (body.trim() === '') return done(null, undefined);
      try {
        const parsed = JSON.parse(body) as unknown;
        const problem = bodyShapeProblem(parsed);
        if (problem === null) return done(null, parsed);
        req.bodyError = problem;
        done(null, undefined);
      } catch (e) {
        req.bodyError = Errors.malformedJson((e as Error).message);
        done(null, undefined);
      }
    },
  );
}
