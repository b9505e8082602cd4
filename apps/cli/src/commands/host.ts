import type { Command } from 'commander';
import type { ApiAnswer } from '../api-client.js';
import { answer, type Ctx } from '../output.js';

interface DrainQueue {
  name: string;
  draining: boolean;
  since: string | null;
  by: string | null;
  waiting: number;
  active: number;
}

/** People see one row per queue; --output json gets the envelope as answered. */
function drainAnswer(c: Ctx, res: ApiAnswer<{ draining: boolean; queues: DrainQueue[] }>): void {
  const state = res.body.output;
  if (res.status !== 200 || c.json || state === '') return answer(c, res);
  const rows = state.queues.map((q) => ({
    queue: q.name,
    draining: q.draining ? 'yes' : 'no',
    since: q.since ?? '',
    by: q.by ?? '',
    waiting: q.waiting,
    active: q.active,
  }));
  answer(c, { ...res, body: { ...res.body, output: rows } });
}

const queuePath = (verb: string, queue?: string) =>
  `/host/${verb}${queue ? `?queue=${encodeURIComponent(queue)}` : ''}`;

/**
 * `hvctl host …`: drain and resume of the operation queues (docs/operating.md): drained, a
 * queue lets running operations finish and holds new ones until resumed.
 */
export function hostCommands(program: Command, ctx: () => Ctx): void {
  const host = program.command('host').description('the service host: drain and resume');
  host
    .command('drain')
    .description('let running operations finish and hold new ones queued (all queues, or one)')
    .option('--queue <queue>', 'one operation queue, e.g. guest-lifecycle')
    .action(async (o: { queue?: string }) => {
      const c = ctx();
      drainAnswer(c, await c.client.call('POST', queuePath('drain', o.queue)));
    });
  host
    .command('resume')
    .description('start what a drain held (all queues, or one)')
    .option('--queue <queue>', 'one operation queue, e.g. guest-lifecycle')
    .action(async (o: { queue?: string }) => {
      const c = ctx();
      drainAnswer(c, await c.client.call('POST', queuePath('resume', o.queue)));
    });
  host
    .command('drain-status')
    .description('each operation queue: drained or not, since when, by whom, its jobs')
    .action(async () => {
      const c = ctx();
      drainAnswer(c, await c.client.call('GET', '/host/drain'));
    });
}
