import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Observable } from 'rxjs';
import { SUBMITS_OPERATION, callbackUrlOf } from '#operations';
import { WebhooksService } from './webhooks.service.js';

/**
 * On every route that submits an operation: a Callback-URL (header, or `callback_url` query)
 * that the outbound policy refuses outright is a 400 naming it, before anything is queued.
 */
@Injectable()
export class CallbackUrlCheck implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly webhooks: WebhooksService,
  ) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (this.reflector.get<boolean>(SUBMITS_OPERATION, ctx.getHandler())) {
      const req = ctx.switchToHttp().getRequest<{
        headers: Record<string, string | undefined>;
        query?: Record<string, unknown>;
      }>();
      const callback = callbackUrlOf(req.headers, req.query);
      if (callback) this.webhooks.checkTarget(callback.field, callback.url);
    }
    return next.handle();
  }
}
