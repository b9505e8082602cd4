import type { Command } from 'commander';
import { answer, type Ctx, noWait, submit } from '../output.js';

interface Item {
  kind: string;
  id: string;
  hypervisor: unknown;
  database: unknown;
  last_operation: { id: string; kind: string; status: string } | null;
}

interface Report {
  userid_prefix: string | null;
  compared: Record<string, number>;
  items: Item[];
  forgotten: Item[];
}

const side = (v: unknown) => (v === null ? '-' : JSON.stringify(v));

/** The columns `drift` shows of each item. */
const row = (i: Item) => ({
  kind: i.kind,
  id: i.id,
  hypervisor: side(i.hypervisor),
  database: side(i.database),
  last_operation: i.last_operation
    ? `${i.last_operation.kind} ${i.last_operation.id} (${i.last_operation.status})`
    : '-',
});

/** `hvctl drift …`: what differs between the hypervisor and the database (docs/drift.md). */
export function driftCommands(program: Command, ctx: () => Ctx): void {
  const drift = program
    .command('drift')
    .description('what differs between the hypervisor and the database, and decisions on it');
  drift
    .command('show', { isDefault: true })
    .description('compare now: one line per item, with the operation that last touched it')
    .action(async () => {
      const c = ctx();
      const res = await c.client.call<Report>('GET', '/drift');
      const report = res.body.output;
      if (res.status !== 200 || c.json || report === '') return answer(c, res);
      const { directory_users, guest_rows, fcp_rows, vswitches } = report.compared;
      process.stderr.write(
        `compared: ${directory_users} directory users (prefix ${report.userid_prefix ?? 'unset'}), ` +
          `${guest_rows} guest rows, ${fcp_rows} FCP rows, ${vswitches} vswitches; ` +
          `${report.items.length} item(s), ${report.forgotten.length} forgotten\n`,
      );
      answer(c, { ...res, body: { ...res.body, output: report.items.map(row) } });
    });
  for (const [verb, what] of [
    ['adopt', 'the database takes what the hypervisor has for the item'],
    ['forget', 'leave both sides as they are and stop reporting the item'],
  ] as const) {
    drift
      .command(`${verb} <kind> <id>`)
      .description(what)
      .addOption(noWait())
      .action((kind: string, id: string, o: { wait: boolean }) =>
        submit(
          ctx(),
          'POST',
          `/drift/${encodeURIComponent(kind)}/${encodeURIComponent(id)}/${verb}`,
          undefined,
          o.wait,
        ),
      );
  }
}
