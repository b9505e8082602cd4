import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Errors } from '#envelope';
import { IS_PUBLIC } from './public.decorator.js';
import { TokenService } from './token.service.js';

/** Requires a valid X-Auth-Token on every route not marked @Public, when AUTH=token. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenService,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    if (!this.tokens.enabled) return true;
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [
      ctx.getHandler(),
      ctx.getClass(),
    ]);
    if (isPublic) return true;
    const req = ctx.switchToHttp().getRequest<{ headers: Record<string, unknown> }>();
    const token = req.headers['x-auth-token'];
    if (typeof token === 'string' && (await this.tokens.verify(token))) return true;
    throw Errors.unauthorized();
  }
}
