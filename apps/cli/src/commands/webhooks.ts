import type { Command } from 'commander';
import type { Ctx } from '../output.js';
import { answer, read } from '../output.js';

const id = (s: string) => encodeURIComponent(s);
const list = (v: string, prev: string[] = []) => [...prev, ...v.split(',').filter(Boolean)];

/** `hvctl webhooks …`: subscriptions to operation endings and the callback secret (issue #27). */
export function webhookCommands(program: Command, ctx: () => Ctx): void {
  const hooks = program.command('webhooks').description('signed callbacks when operations end');
  hooks
    .command('list')
    .description('the subscriptions')
    .action(() => read(ctx(), '/webhooks'));
  hooks
    .command('create <url>')
    .description('subscribe a URL; prints its secret (whsec_…), shown this once')
    .option(
      '--event <events>',
      'operation.succeeded, .failed, .cancelled, .needs_attention or .* (repeatable, comma list)',
      list,
    )
    .option(
      '--kind <kinds>',
      'only operations of these kinds, e.g. guest.deploy (repeatable)',
      list,
    )
    .option('--userid <userids>', 'only operations on these guests (repeatable)', list)
    .action(async (url: string, o: { event?: string[]; kind?: string[]; userid?: string[] }) => {
      const webhook = {
        url,
        events: o.event?.length ? o.event : ['operation.*'],
        ...(o.kind ? { kinds: o.kind } : {}),
        ...(o.userid ? { userids: o.userid } : {}),
      };
      answer(ctx(), await ctx().client.call('POST', '/webhooks', { body: { webhook } }));
    });
  hooks
    .command('show <id>')
    .description('a subscription (enabled or why it was disabled)')
    .action((s: string) => read(ctx(), `/webhooks/${id(s)}`));
  hooks
    .command('delete <id>')
    .description('remove a subscription and its delivery log')
    .action(async (s: string) =>
      answer(ctx(), await ctx().client.call('DELETE', `/webhooks/${id(s)}`)),
    );
  hooks
    .command('rotate-secret <id>')
    .description('a new secret; the old one keeps signing for WEBHOOK_SECRET_GRACE_S')
    .action(async (s: string) =>
      answer(ctx(), await ctx().client.call('POST', `/webhooks/${id(s)}/rotate-secret`)),
    );
  hooks
    .command('test <id>')
    .description('send a signed test message')
    .action(async (s: string) =>
      answer(ctx(), await ctx().client.call('POST', `/webhooks/${id(s)}/test`)),
    );
  hooks
    .command('deliveries <id>')
    .description('the delivery log: attempts, status, latency, last error')
    .action((s: string) => read(ctx(), `/webhooks/${id(s)}/deliveries`));
  const secret = hooks
    .command('callback-secret')
    .description('the secret signing Callback-URL deliveries');
  secret
    .command('show', { isDefault: true })
    .description('print it')
    .action(() => read(ctx(), '/webhooks/callback-secret'));
  secret
    .command('rotate')
    .description('a new one; the old one keeps signing for WEBHOOK_SECRET_GRACE_S')
    .action(async () =>
      answer(ctx(), await ctx().client.call('POST', '/webhooks/callback-secret/rotate')),
    );
}
