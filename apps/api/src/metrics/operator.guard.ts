import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TokenService } from '#auth';
import { Errors } from '#envelope';
import { hasOperatorCredentials } from '../admin/operator-credentials.js';

/** Operator pages' credentials (see hasOperatorCredentials); a refusal is the 401 envelope. */
@Injectable()
export class OperatorGuard implements CanActivate {
  constructor(private readonly tokens: TokenService) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const http = ctx.switchToHttp();
    if (await hasOperatorCredentials(http.getRequest<FastifyRequest>().headers, this.tokens))
      return true;
    // lets Prometheus and browsers know basic auth is accepted
    void http
      .getResponse<FastifyReply>()
      .header('www-authenticate', 'Basic realm="hv-orchestrator", charset="UTF-8"');
    throw Errors.unauthorized();
  }
}
