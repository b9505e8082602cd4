import { type Command, Option } from 'commander';
import { CliError } from '../api-client.js';
import type { Operation } from '../follow.js';
import { human } from '../human.js';
import { answer, type Ctx, finish, followWithProgress, noWait, submit } from '../output.js';

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
    .description('one operation: status, steps as a table, result')
    .action(async (id: string) => {
      const c = ctx();
      const res = await c.client.call<Operation>('GET', `/operations/${encodeURIComponent(id)}`);
      const op = res.body.output;
      if (res.status !== 200 || c.json || op === '') return answer(c, res);
      process.stdout.write(`${operationText(op)}\n`);
    });
  ops
    .command('watch <id>')
    .description('follow an operation to its end, with progress')
    .action(async (id: string) => {
      const c = ctx();
      finish(c, await followWithProgress(c, encodeURIComponent(id)));
    });
  ops
    .command('cancel <id>')
    .description('cancel an operation: says `cancelling` at once, then follows the undo')
    .addOption(noWait())
    .action(async (id: string, o: { wait: boolean }) => {
      const c = ctx();
      const path = `/operations/${encodeURIComponent(id)}`;
      const res = await c.client.call('POST', `${path}/cancel`, {
        headers: { prefer: 'respond-async' },
      });
      if (res.status !== 202) return answer(c, res); // ended already (a queued one is removed)
      process.stderr.write(`cancelling ${id}\n`);
      if (!o.wait) return;
      cancelled(c, await followWithProgress(c, encodeURIComponent(id)));
    });
  ops
    .command('retry <id>')
    .description('run a failed or cancelled operation again, as a new operation')
    .addOption(noWait())
    .action((id: string, o: { wait: boolean }) =>
      submit(ctx(), 'POST', `/operations/${encodeURIComponent(id)}/retry`, undefined, o.wait),
    );
  ops
    .command('resolve <id>')
    .description('end a needs_attention operation: retry its undo now, or --mark resolved')
    .addOption(
      new Option(
        '--mark <how>',
        "`resolved`: end it on your word (the undo's work done by hand)",
      ).choices(['resolved']),
    )
    .option('--note <text>', 'why (required with --mark), kept on the operation')
    .action(async (id: string, o: { mark?: string; note?: string }) => {
      const c = ctx();
      const body = { ...(o.mark && { mark: o.mark }), ...(o.note && { note: o.note }) };
      const res = await c.client.call<Operation>(
        'POST',
        `/operations/${encodeURIComponent(id)}/resolve`,
        { body },
      );
      answer(c, res);
      const op = res.body.output;
      if (op !== '' && op.status === 'needs_attention') {
        throw new CliError(`operation ${id} still needs attention: its undo failed again`);
      }
    });
}

/** The end of a cancelled operation: a success of `ops cancel`; any other end is not. */
function cancelled(c: Ctx, op: Operation): void {
  if (c.json) process.stdout.write(`${JSON.stringify(op, null, 2)}\n`);
  if (op.status !== 'cancelled') {
    throw new CliError(`operation ${op.id} ended ${op.status}, not cancelled`);
  }
  if (!c.json) process.stdout.write(`${op.id} cancelled\n`);
}

interface StepView {
  name: string;
  started_at: string;
  ended_at: string | null;
  result: string | null;
  rc?: number;
  rs?: number;
}

/** Milliseconds between two ISO times, or '' while the step runs. */
const took = (from: string, to: string | null): string =>
  to ? String(Date.parse(to) - Date.parse(from)) : '';

/** `ops show` for people: the operation's fields, then its steps as a table. */
export function operationText(op: Operation): string {
  const env = op.response;
  const head = human({
    id: op.id,
    kind: op.kind,
    target: op.target ?? '',
    status: op.status,
    created_at: op.created_at,
    started_at: op.started_at,
    finished_at: op.finished_at,
    requested_by: op.requested_by,
    request_id: op.request_id,
    ...(env ? { result: `overallRC ${env.overallRC}, rc ${env.rc}, rs ${env.rs}` } : {}),
    ...(env?.errmsg ? { errmsg: env.errmsg } : {}),
  });
  const steps = (op.steps as StepView[] | undefined) ?? [];
  if (!steps.length) return head;
  const rows = steps.map((s) => ({
    step: s.name,
    started_at: s.started_at,
    ms: took(s.started_at, s.ended_at),
    result: s.result ?? 'running',
    rc: s.rc ?? '',
    rs: s.rs ?? '',
  }));
  return `${head}\n\n${human(rows)}`;
}
