import type { Command } from 'commander';
import type { Ctx } from '../output.js';
import { noWait, read, submit } from '../output.js';

const name = (n: string) => encodeURIComponent(n.toUpperCase());

export function vswitchCommands(program: Command, ctx: () => Ctx): void {
  const vswitches = program.command('vswitches').description('virtual switches');
  vswitches
    .command('list')
    .description('the vswitches of the hypervisor')
    .action(() => read(ctx(), '/vswitches'));
  vswitches
    .command('show <name>')
    .description("a vswitch's details")
    .action((n: string) => read(ctx(), `/vswitches/${name(n)}`));
  vswitches
    .command('create <name>')
    .description('create a vswitch')
    .option('--rdev <devnos>', 'real devices, up to three, blank-separated')
    .option('--vid <vid>', 'UNAWARE, AWARE or a VLAN id')
    .addOption(noWait())
    .action((n: string, o: { rdev?: string; vid?: string; wait: boolean }) =>
      submit(
        ctx(),
        'POST',
        '/vswitches',
        {
          vswitch: {
            name: n,
            ...(o.rdev ? { rdev: o.rdev } : {}),
            ...(o.vid ? { vid: o.vid } : {}),
          },
        },
        o.wait,
      ),
    );
  vswitches
    .command('grant <name> <userid>')
    .description('let a guest couple to the vswitch')
    .addOption(noWait())
    .action((n: string, u: string, o: { wait: boolean }) =>
      submit(ctx(), 'PUT', `/vswitches/${name(n)}`, { vswitch: { grant_userid: u } }, o.wait),
    );
  vswitches
    .command('revoke <name> <userid>')
    .description("revoke a guest's access")
    .addOption(noWait())
    .action((n: string, u: string, o: { wait: boolean }) =>
      submit(ctx(), 'PUT', `/vswitches/${name(n)}`, { vswitch: { revoke_userid: u } }, o.wait),
    );
  vswitches
    .command('delete <name>')
    .description('delete a vswitch')
    .addOption(noWait())
    .action((n: string, o: { wait: boolean }) =>
      submit(ctx(), 'DELETE', `/vswitches/${name(n)}`, undefined, o.wait),
    );
}
