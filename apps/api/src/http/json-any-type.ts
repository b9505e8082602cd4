import type { FastifyInstance } from 'fastify';
import { JSON_ANY_TYPE } from '#files';
import './fastify-augment.js';

/**
 * Routes marked @JsonBodyAnyType() (POST /files) have their body read by the JSON parser
 * whatever the Content-Type, missing or malformed included: the header is rewritten before
 * Fastify picks a parser (it does so after the onRequest hooks), so the body keeps the JSON
 * parser's limit and its after-auth error report, and no other route reads other types.
 */
export function readJsonWhateverType(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (req, _reply, done) => {
    if (!req.is404 && req.routeOptions.config[JSON_ANY_TYPE]) {
      req.headers['content-type'] = 'application/json';
    }
    done();
  });
}
