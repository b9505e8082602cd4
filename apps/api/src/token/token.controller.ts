import { Controller, Headers, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public, TokenService, tokenSubject } from '#auth';
import { type Envelope, Errors, ok } from '#envelope';
import { currentLogger } from '#logging';
import '../http/fastify-augment.js';

/** POST /token: an X-Admin-Token buys a temporary X-Auth-Token (spec §5). */
@Controller('token')
export class TokenController {
  constructor(private readonly tokens: TokenService) {}

  @Post()
  @Public()
  @HttpCode(200)
  @ApiResponse({
    status: 200,
    description: 'The temporary token is in the `X-Auth-Token` header.',
    headers: {
      'X-Auth-Token': {
        description: 'Send it as `X-Auth-Token` on every other request until it expires.',
        schema: { type: 'string' },
      },
    },
  })
  @ApiResponse({ status: 401, description: 'Missing or wrong X-Admin-Token' })
  async issue(
    @Headers('x-admin-token') adminToken: string | undefined,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Envelope> {
    const token = await this.tokens.issue(adminToken);
    if (!token) throw Errors.unauthorized();
    if (this.tokens.enabled) {
      req.who = 'admin';
      // ties the subject later requests log (requested_by) to who was given the token
      currentLogger().info(
        {
          request_id: req.id,
          token_subject: tokenSubject(token),
          client_address: req.ip,
          user_agent: req.headers['user-agent'] ?? null,
        },
        'auth token issued',
      );
    }
    void reply.header('x-auth-token', token);
    return ok();
  }
}
