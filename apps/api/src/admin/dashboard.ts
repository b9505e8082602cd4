import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter as BoardAdapter } from '@bull-board/fastify';
import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplication } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import { TokenService } from '#auth';
import { AppConfig } from '#config';
import type { Envelope } from '#envelope';
import { OPERATION_QUEUES, QUEUES } from '#jobs';
import { OperationVerbs } from '#operations';
import { OperationsRepository } from '#persistence';
import { rawRoutes } from '../http/raw-routes.js';
import '../http/fastify-augment.js';
import { dropRemoteLinks } from './air-gap.js';
import { dashboardActions } from './dashboard-actions.js';
import { operatorOnly } from './operator-only.js';

export const DASHBOARD_PATH = '/admin/queues';

/** Job data as the dashboard shows it: a secret's name, never its value. */
function hideSecrets(data: unknown): unknown {
  const d = data as { secrets?: Record<string, string> } | null;
  if (!d?.secrets) return data;
  return { ...d, secrets: Object.fromEntries(Object.keys(d.secrets).map((k) => [k, '***'])) };
}

/** A job's name on the board: a cancelled operation's job completed, and says why. */
function nameOf(job: { name?: string; returnvalue?: unknown }): string {
  const env = job.returnvalue as Envelope | null | undefined;
  const name = job.name ?? '';
  return env && typeof env === 'object' && env.overallRC > 0 ? `${name} (cancelled)` : name;
}

/**
 * The Bull dashboard at /admin/queues, always behind credentials (even with AUTH=none). Job ids
 * are operation ids; each job's data and link lead to /operations/{id}. Jobs of operations are
 * read-only there unless DASHBOARD_ACTIONS=verbs, and even then change only through the
 * operation's verbs (dashboard-actions.ts): the board never tells another story than /operations.
 */
export async function mountDashboard(
  app: INestApplication,
  fastify: FastifyInstance,
): Promise<void> {
  const tokens = app.get(TokenService);
  const mode = app.get(AppConfig).DASHBOARD_ACTIONS;
  const board = new BoardAdapter();
  board.setBasePath(DASHBOARD_PATH);
  createBullBoard({
    queues: QUEUES.map((name) => {
      const operations = OPERATION_QUEUES.includes(name);
      const adapter = new BullMQAdapter(app.get<Queue>(getQueueToken(name), { strict: false }), {
        description: operations
          ? `operations of ${name}${mode === 'none' ? ' (read-only: act through /operations)' : ''}`
          : 'completion callbacks',
        ...(operations && {
          readOnlyMode: mode === 'none',
          // only a failed job's retry (the operation's retry verb); a completed one never
          allowCompletedRetries: false,
          externalJobUrl: (job: { id?: string | number | null }) => ({
            displayText: 'operation',
            href: `/operations/${job.id ?? ''}`,
          }),
        }),
      });
      adapter.setFormatter('data', hideSecrets);
      if (operations) adapter.setFormatter('name', nameOf);
      return adapter;
    }),
    serverAdapter: board,
    options: {
      uiConfig: { boardTitle: 'hv-orchestrator' },
      handlerHooks: dashboardActions(
        mode,
        app.get(OperationVerbs, { strict: false }),
        app.get(OperationsRepository, { strict: false }),
        tokens,
      ),
    },
  });
  await fastify.register(
    async (scope) => {
      rawRoutes(scope); // the operator credentials below, not X-Auth-Token
      dropRemoteLinks(scope);
      operatorOnly(scope, tokens, 'hv-orchestrator dashboard');
      await scope.register(board.registerPlugin());
    },
    { prefix: DASHBOARD_PATH },
  );
}
