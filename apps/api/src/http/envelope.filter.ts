import { randomUUID } from 'node:crypto';
import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  Logger,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Errors, HvError } from '#envelope';
import { InvalidCursorError } from '#persistence';
import { BODY_LIMIT } from './body-limit.js';
import { sendError } from './envelope.hooks.js';
import { RouteTable } from './route-table.js';
import './fastify-augment.js';

/**
 * Every failure becomes the spec's envelope with the reference's HTTP status: HvErrors by the
 * endpoint's status rule, routing misses as 404/405 (with Allow), Fastify's own refusals (body
 * too large, unknown content type) by their status, and anything unexpected as a
 * 500 whose error id is logged with the stack, never sent.
 */
@Catch()
export class EnvelopeFilter implements ExceptionFilter {
  private readonly log = new Logger('http');

  constructor(private readonly routes: RouteTable) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    sendError(req, reply, this.toHvError(exception, req, reply));
  }

  private toHvError(exception: unknown, req: FastifyRequest, reply: FastifyReply): HvError {
    if (exception instanceof HvError) return exception;
    // a listing cursor is client input: one we did not hand out is the client's error
    if (exception instanceof InvalidCursorError) return Errors.badRequest('cursor is invalid');
    const unmatched = !req.routeOptions?.url;
    if (unmatched) {
      const allowed = this.routes.allowed(req.url);
      // a wildcard route that knows this method but not this file is a plain 404
      if (allowed.length && !allowed.includes(req.method)) {
        void reply.header('allow', allowed.join(', '));
        return Errors.methodNotAllowed(req.method);
      }
      return Errors.routeNotFound();
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if (status === 401) return Errors.unauthorized();
      if (status === 404) return Errors.routeNotFound();
      if (status === 413) return Errors.payloadTooLarge(BODY_LIMIT);
      if (status === 415)
        return Errors.unsupportedMediaType(String(req.headers['content-type'] ?? ''));
      if (status >= 400 && status < 500) return Errors.badRequest(exception.message);
    }
    const errorId = randomUUID();
    // the route pattern, not the raw URL (its query may carry anything); the request id ties
    // this line to the request's own line and to what the client was told
    this.log.error(
      `${req.method} ${req.routeOptions.url} failed, error id ${errorId}, request id ${req.id}`,
      (exception as Error)?.stack,
    );
    return Errors.restInternal(errorId);
  }
}
