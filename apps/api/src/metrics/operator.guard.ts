import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { operatorOf, TokenService } from '#auth';
import { Errors } from '#envelope';
import '../http/fastify-augment.js';

/** Operator pages' credentials (see operatorOf); a refusal is the 401 envelope. */
@Injectable()
export class OperatorGuard implements CanActivate {
  constructor(private readonly tokens: TokenService) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const http = ctx.switchToHttp();
    const req = http.getRequest<FastifyRequest>();
    const who = await operatorOf(req.headers, this.tokens);
    if (who) {
      req.who = who;
      return true;
    }
    // lets Prometheus and browsers know basic auth is accepted
    void http
      .getResponse<FastifyReply>()
      .header('www-authenticate', 'Basic realm="hv-orchestrator", charset="UTF-8"');
    throw Errors.unauthorized();
  }
}
