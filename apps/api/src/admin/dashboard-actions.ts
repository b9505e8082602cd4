import type { BoardHooks, HookContext } from '@bull-board/api/dist/types.js';
import { operatorOf, type TokenService } from '#auth';
import { HvError } from '#envelope';
import { isQueueName, OPERATION_QUEUES } from '#jobs';
import { type OperationRequest, OperationVerbs } from '#operations';
import type { OperationsRepository } from '#persistence';

/** What the board may change on jobs of operations (AppConfig.DASHBOARD_ACTIONS). */
export type DashboardActions = 'none' | 'verbs';

type Refusal = { allow: false; status: 200 | 404 | 405 | 409; message: string };

const isOperationQueue = (name: unknown): boolean =>
  typeof name === 'string' && isQueueName(name) && OPERATION_QUEUES.includes(name);

/** Statuses whose job the board may remove: the operation has ended for good. */
const FINAL = ['succeeded', 'failed', 'cancelled'];

/**
 * The board's changes to jobs of operations, checked before the board runs them (its
 * `handlerHooks.before`): a job is an operation's, and only the operation's own verbs may
 * change it, or the board would show what /operations does not (a retried job completed while
 * its operation stayed failed, issue #59). Reads pass. With `verbs`, a failed job's retry runs
 * POST /operations/{id}/retry (a new operation, whose job appears on the board) and a job of an
 * ended operation may be removed (the operation keeps its record); anything else on an operation
 * queue is refused with a message that says what to do instead.
 */
export function dashboardActions(
  mode: DashboardActions,
  verbs: OperationVerbs,
  ops: OperationsRepository,
  tokens: TokenService,
): BoardHooks {
  return {
    before: async (ctx: HookContext) => {
      if (ctx.method === 'get') return;
      const params = ctx.request.params as { queueName?: string; jobId?: string };
      // the board's "all queues" changes (pause, resume) reach operation queues too
      if (params.queueName !== undefined && !isOperationQueue(params.queueName)) return;
      const id = params.jobId;
      if (mode === 'verbs' && id && ctx.route.endsWith('/:jobId/retry')) return retry(id, ctx);
      if (mode === 'verbs' && id && ctx.route.endsWith('/:jobId/clean')) return remove(id);
      return refuse(id);
    },
  };

  async function retry(id: string, ctx: HookContext): Promise<Refusal> {
    const headers = ctx.request.headers;
    const who = (await operatorOf(headers, tokens)) ?? 'none';
    const req: OperationRequest = {
      prefer: { respondAsync: true },
      statusRule: 'default',
      audit: {
        fields: {
          requestedBy: who,
          clientAddress: null,
          userAgent: headers['user-agent']?.slice(0, 512) ?? null,
          requestId: headers['x-request-id'] ?? null,
        },
        submitted: () => undefined,
      },
    };
    try {
      await verbs.retry(id, req);
    } catch (e) {
      if (!(e instanceof HvError)) throw e;
      return { allow: false, status: e.httpStatus === 404 ? 404 : 409, message: e.message };
    }
    const retried = await ops.get(id);
    // the board's retry is answered as done: the retry is a new operation, shown as its own job
    return {
      allow: false,
      status: 200,
      message: `Operation ${id} is retried as operation ${retried?.retriedBy ?? '?'}: /operations/${retried?.retriedBy ?? ''}`,
    };
  }

  async function remove(id: string): Promise<Refusal | void> {
    const op = await ops.get(id);
    if (!op || FINAL.includes(op.status)) return; // the board removes the job; the record stays
    return {
      allow: false,
      status: 409,
      message: `Operation ${id} is ${op.status}: its job is removed once it has ended (/operations/${id}).`,
    };
  }
}

function refuse(id: string | undefined): Refusal {
  const where = id ? `/operations/${id}` : '/operations';
  return {
    allow: false,
    status: 405,
    message:
      `Jobs of operations change only through their operation (${where}): ` +
      'POST /operations/{id}/retry, /cancel or /resolve, or hvctl ops retry|cancel|resolve.',
  };
}
