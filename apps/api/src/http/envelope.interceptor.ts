import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Observable, map } from 'rxjs';
import { Errors, STATUS_RULE, type StatusRule } from '#envelope';
import { UseridPipe } from '#guests';
import { Accepted } from '#operations';
import './fastify-augment.js';

const USERID = new UseridPipe();

/**
 * Runs after authentication: notes the endpoint's status rule for the filter, reports a body
 * that could not be parsed, checks a path `{userid}`, and answers Accepted operations with 202 and their headers.
 */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = ctx.switchToHttp().getRequest<FastifyRequest>();
    const reply = ctx.switchToHttp().getResponse<FastifyReply>();
    req.statusRule =
      this.reflector.getAllAndOverride<StatusRule>(STATUS_RULE, [
        ctx.getHandler(),
        ctx.getClass(),
      ]) ?? 'default';
    if (req.bodyError !== undefined) throw Errors.malformedJson(req.bodyError);
    // one userid rule for every route: a `{userid}` that is no userid never reaches a handler
    const { userid } = (req.params ?? {}) as { userid?: unknown };
    if (typeof userid === 'string') USERID.transform(userid);
    void reply.header('cache-control', 'no-cache');
    return next.handle().pipe(
      map((result: unknown) => {
        if (!(result instanceof Accepted)) return result;
        void reply
          .status(202)
          .header('location', result.location)
          .header('retry-after', String(result.retryAfterS));
        if (result.preferenceApplied)
          void reply.header('preference-applied', result.preferenceApplied);
        return result.envelope;
      }),
    );
  }
}
