import type { FastifyReply, FastifyRequest } from 'fastify';
import { Errors } from '#envelope';

/**
 * Fastify's router refuses some URLs before any route runs (a bad percent-encoding, a path
 * parameter over 100 characters) and would answer its own JSON; the client gets the envelope.
 */
export function frameworkErrors(error: Error, _req: FastifyRequest, reply: FastifyReply): void {
  const code = (error as { code?: string }).code;
  const err =
    code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? Errors.badRequest('a path parameter is longer than 100 characters')
      : Errors.badRequest(`the URL is not valid (${code ?? 'bad request'})`);
  void reply
    .status(err.httpStatus ?? 400)
    .header('content-type', 'application/json; charset=utf-8')
    .send(err.toEnvelope());
}
