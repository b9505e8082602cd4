import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter as BoardAdapter } from '@bull-board/fastify';
import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplication } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import { TokenService } from '#auth';
import { Errors } from '#envelope';
import { QUEUES } from '#jobs';
import { rawRoutes } from '../http/raw-routes.js';
import '../http/fastify-augment.js';
import { dropRemoteLinks } from './air-gap.js';
import { operatorOf } from './operator-credentials.js';

export const DASHBOARD_PATH = '/admin/queues';

/** Job data as the dashboard shows it: a secret's name, never its value. */
function hideSecrets(data: unknown): unknown {
  const d = data as { secrets?: Record<string, string> } | null;
  if (!d?.secrets) return data;
  return { ...d, secrets: Object.fromEntries(Object.keys(d.secrets).map((k) => [k, '***'])) };
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
    queues: QUEUES.map((name) => {
      const adapter = new BullMQAdapter(app.get<Queue>(getQueueToken(name), { strict: false }), {
        description: name === 'webhooks' ? 'completion callbacks' : `operations of ${name}`,
      });
      adapter.setFormatter('data', hideSecrets);
      return adapter;
    }),
    serverAdapter: board,
    options: { uiConfig: { boardTitle: 'hv-orchestrator' } },
  });
  await fastify.register(
    async (scope) => {
      rawRoutes(scope); // the operator credentials below, not X-Auth-Token
      dropRemoteLinks(scope);
      scope.addHook('onRequest', async (req, reply) => {
        const who = await operatorOf(req.headers, tokens);
        if (who) {
          req.who = who;
          return;
        }
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
