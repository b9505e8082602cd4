import type { INestApplication } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { AdminTokenStore, TokenService, tokenSubject } from '#auth';
import { Errors, ok } from '#envelope';
import { currentLogger } from '#logging';
import { rawRoutes } from '../http/raw-routes.js';
import { operatorOnly } from '../admin/operator-only.js';
import { consoleAssets } from './console-assets.js';
import { CONSOLE_CSP, CONSOLE_HTML, CONSOLE_PATH } from './console-page.js';

/**
 * The operations console at /console (docs/console.md): a page for operators, behind the same
 * operator credentials as the Bull dashboard, whose script reads and acts through the JSON API
 * (/operations, its events, /drift, /host/drain) with a temporary X-Auth-Token it is given by
 * POST /console/session; it adds no other back-end logic.
 */
export async function mountConsole(app: INestApplication, fastify: FastifyInstance): Promise<void> {
  const tokens = app.get(TokenService);
  const admin = app.get(AdminTokenStore);
  const assets = consoleAssets();
  await fastify.register(
    (scope, _opts, done) => {
      rawRoutes(scope); // operator credentials (operatorOnly), not X-Auth-Token
      operatorOnly(scope, tokens, 'hv-orchestrator console');
      scope.addHook('onSend', async (_req, reply) => {
        void reply
          .header('content-security-policy', CONSOLE_CSP)
          .header('x-content-type-options', 'nosniff')
          .header('referrer-policy', 'no-referrer')
          .header('cache-control', 'no-store');
      });
      scope.get('/', (_req, reply) => {
        void reply.type('text/html; charset=utf-8').send(CONSOLE_HTML);
      });
      // the page's token for the JSON API: a browser's basic auth is not an X-Auth-Token
      scope.post('/session', async (req, reply) => {
        const token = await tokens.issue(admin.current() ?? undefined);
        if (!token) return reply.status(401).send(Errors.unauthorized().toEnvelope());
        if (tokens.enabled)
          currentLogger().info(
            { request_id: req.id, operator: req.who, token_subject: tokenSubject(token) },
            'console token issued',
          );
        return reply.header('x-auth-token', token).send(ok());
      });
      for (const [path, file] of assets)
        scope.get(`/${path}`, (_req, reply) => {
          void reply.type(file.type).send(file.body);
        });
      done();
    },
    { prefix: CONSOLE_PATH },
  );
}
