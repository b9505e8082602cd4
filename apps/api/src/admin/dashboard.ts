import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter as BoardAdapter } from '@bull-board/fastify';
import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplication } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TokenService } from '#auth';
import { Errors } from '#envelope';
import { QUEUES } from '#jobs';

export const DASHBOARD_PATH = '/admin/queues';

/** Basic-auth password (any user name) or X-Auth-Token; the password is the admin token. */
async function authorised(req: FastifyRequest, tokens: TokenService): Promise<boolean> {
  const auth = req.headers.authorization;
  if (auth?.startsWith('Basic ')) {
    const decoded = Buffer.from(auth.slice(6), 'base64').toString('utf8');
    const password = decoded.slice(decoded.indexOf(':') + 1);
    if (tokens.isAdminToken(password)) return true;
  }
  const token = req.headers['x-auth-token'];
  return typeof token === 'string' && (await tokens.verify(token));
}

/**
 * The Bull dashboard at /admin/queues, always behind credentials (even with AUTH=none): it can
 * retry and remove jobs. Job ids are operation ids; each job's data links to /operations/{id}.
 */
export async function mountDashboard(
  app: INestApplication,
  fastify: FastifyInstance,
): Promise<void> {
  const tokens = app.get(TokenService);
  const board = new BoardAdapter();
  board.setBasePath(DASHBOARD_PATH);
  createBullBoard({
    queues: QUEUES.map(
      (name) =>
        new BullMQAdapter(app.get<Queue>(getQueueToken(name), { strict: false }), {
          description: `operations of ${name}`,
        }),
    ),
    serverAdapter: board,
    options: { uiConfig: { boardTitle: 'hv-orchestrator' } },
  });
  await fastify.register(
    async (scope) => {
      scope.addHook('onRequest', async (req, reply) => {
        if (await authorised(req, tokens)) return;
        await reply
          .status(401)
          .header('www-authenticate', 'Basic realm="hv-orchestrator dashboard", charset="UTF-8"')
          .header('content-type', 'application/json; charset=utf-8')
          .send(Errors.unauthorized().toEnvelope());
      });
      await scope.register(board.registerPlugin());
    },
    { prefix: DASHBOARD_PATH },
  );
}
