import type { OpenAPIObject } from '@nestjs/swagger';
import type { FastifyInstance } from 'fastify';
import { RAW_CONFIG } from '../http/raw-routes.js';

export const OPENAPI_PATH = '/openapi.json';

/**
 * GET /openapi.json, public. The document is made when first asked for, not at start: making
 * it was some 9 % of an api's start (docs/decisions/0011), and most apis (a test's, a
 * scaled-out one) never serve it.
 */
export function serveOpenApi(fastify: FastifyInstance, document: () => OpenAPIObject): void {
  let json: string | undefined;
  fastify.get(OPENAPI_PATH, { config: RAW_CONFIG }, (_req, reply) => {
    json ??= JSON.stringify(document());
    void reply.type('application/json; charset=utf-8').send(json);
  });
}
