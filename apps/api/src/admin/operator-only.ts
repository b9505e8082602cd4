import type { FastifyInstance } from 'fastify';
import { operatorOf, type TokenService } from '#auth';
import { Errors } from '#envelope';
import '../http/fastify-augment.js';

/**
 * Every request in `scope` needs operator credentials (basic auth with the admin token, or an
 * X-Auth-Token), even with AUTH=none: these pages show every operation and can act on them.
 * Refused with 401 and a basic-auth challenge, so a browser asks for them.
 */
export function operatorOnly(scope: FastifyInstance, tokens: TokenService, realm: string): void {
  scope.addHook('onRequest', async (req, reply) => {
    const who = await operatorOf(req.headers, tokens);
    if (who) {
      req.who = who;
      return;
    }
    await reply
      .status(401)
      .header('www-authenticate', `Basic realm="${realm}", charset="UTF-8"`)
      .header('content-type', 'application/json; charset=utf-8')
      .send(Errors.unauthorized().toEnvelope());
  });
}
