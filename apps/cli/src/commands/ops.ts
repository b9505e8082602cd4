import type { Command } from 'commander';
import type { Operation } from '../follow.js';
import { answer, type Ctx, finish, followWithProgress, read } from '../output.js';

/** The columns `ops list` shows of each operation. */
const summary = (o: Operation) => ({
  id: o.id,
  kind: o.kind,
  target: o.target ?? '',
  status: o.status,
  created: o.created_at ?? '',
});

export function opsCommands(program: Command, ctx: () => Ctx): void {
  const ops = program.command('ops').description('operations (the jobs every change runs as)');
  ops
    .command('list')
    .description('operations, newest first')
    .option('--userid <userid>', "one guest's operations")
    .option('--status <status>', 'queued, running, succeeded, failed, cancelled, needs_attention')
    .option('--kind <kind>', 'e.g. guest.create')
    .option('--limit <n>', 'how many', '20')
    .action(async (o: { userid?: string; status?: string; kind?: string; limit: string }) => {
      const c = ctx();
      const q = new URLSearchParams({ limit: o.limit });
      for (const k of ['userid', 'status', 'kind'] as const) if (o[k]) q.set(k, o[k]);
      const res = await c.client.call<{ operations: Operation[] }>(
        'GET',
        `/operations?${q.toString()}`,
      );
      const list = res.body.output;
      if (res.status !== 200 || c.json || list === '') return answer(c, res);
      answer(c, { ...res, body: { ...res.body, output: list.operations.map(summary) } });
    });
  ops
    .command('show <id>')
    .description('one operation: status, steps, result')
    .action((id: string) => read(ctx(), `/operations/${encodeURIComponent(id)}`));
  ops
    .command('watch <id>')
    .description('follow an operation to its end, with progress')
    .action(async (id: string) => {
      const c = ctx();
      finish(c, await followWithProgress(c, encodeURIComponent(id)));
    });
  ops
    .command('cancel <id>')
    .description('cancel an operation (a running one is undone)')
    .action(async (id: string) => {
      const c = ctx();
      answer(c, await c.client.call('POST', `/operations/${encodeURIComponent(id)}/cancel`));
    });
}
