import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { FastifyError, FastifyInstance } from 'fastify';
import { Errors, type HvError } from '#envelope';

const log = new Logger('http');

/** Errors Fastify raises before Nest sees the request (body limits, content types). */
export function registerFastifyErrorHandler(fastify: FastifyInstance, bodyLimit: number): void {
  fastify.setErrorHandler((error: FastifyError, req, reply) => {
    let err: HvError;
    const status = error.statusCode ?? 500;
    if (status === 413) err = Errors.payloadTooLarge(bodyLimit);
    else if (status === 415)
      err = Errors.unsupportedMediaType(String(req.headers['content-type'] ?? ''));
    else if (status >= 400 && status < 500) err = Errors.badRequest(error.message);
    else {
      const errorId = randomUUID();
      log.error(`${req.method} ${req.url} failed, error id ${errorId}`, error.stack);
      err = Errors.restInternal(errorId);
    }
    void reply
      .status(err.httpStatus ?? 500)
      .header('content-type', 'application/json; charset=utf-8')
      .send(err.toEnvelope());
  });
}
