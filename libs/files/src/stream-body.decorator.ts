import { Readable } from 'node:stream';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Errors, addRouteConfig } from '#envelope';

/** Route config key the api's octet-stream parser looks for (apps/api/src/http). */
export const STREAM_BODY = 'hvoStreamBody';

/**
 * Marks a route whose `application/octet-stream` body is handed over unread, as a stream: it
 * is never buffered, so the JSON body limit does not apply and the route enforces its own.
 */
export const StreamBody = (): MethodDecorator => addRouteConfig({ [STREAM_BODY]: true });

/** The request body of a @StreamBody() route as a stream; no body at all is an empty one. */
export const BodyStream = createParamDecorator((_: unknown, ctx: ExecutionContext): Readable => {
  const req = ctx.switchToHttp().getRequest<FastifyRequest>();
  if (req.body instanceof Readable) return req.body;
  if (req.body === undefined) return Readable.from([]);
  // a body some other parser already read (JSON): its bytes are gone
  throw Errors.unsupportedMediaType(String(req.headers['content-type'] ?? ''));
});
