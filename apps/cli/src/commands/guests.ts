import type { Command } from 'commander';
import type { Ctx } from '../output.js';
import { noWait, read, submit } from '../output.js';

const id = (userid: string) => encodeURIComponent(userid.toUpperCase());
const action = (ctx: Ctx, userid: string, body: object, wait: boolean) =>
  submit(ctx, 'POST', `/guests/${id(userid)}/action`, body, wait);

/** `<size>[:<pool>]`, e.g. `5g` or `1g:ECKD:POOL1`. */
function disk(spec: string, list: object[] = []): object[] {
  const [size, ...pool] = spec.split(':');
  return [...list, { size, ...(pool.length ? { disk_pool: pool.join(':') } : {}) }];
}

export function guestCommands(program: Command, ctx: () => Ctx): void {
  const guests = program.command('guests').description('guests (virtual machines)');
  guests
    .command('list')
    .description('the guests the service manages')
    .action(() => read(ctx(), '/guests'));
  guests
    .command('show <userid>')
    .description("a guest's power state and resources")
    .action(async (u: string) => {
      await read(ctx(), `/guests/${id(u)}/info`);
    });
  guests
    .command('create <userid>')
    .description('define a guest with its disks')
    .requiredOption('--vcpus <n>', 'virtual CPUs', Number)
    .requiredOption('--memory <mb>', 'memory in MB', Number)
    .option('--disk <size[:pool]>', 'a disk, repeatable; the first is the root disk', disk)
    .option('--max-cpu <n>', 'most CPUs it may be given', Number)
    .option('--max-mem <size>', 'most memory it may be given, e.g. 64G')
    .addOption(noWait())
    .action(
      (
        u: string,
        o: {
          vcpus: number;
          memory: number;
          disk?: object[];
          maxCpu?: number;
          maxMem?: string;
          wait: boolean;
        },
      ) =>
        submit(
          ctx(),
          'POST',
          '/guests',
          {
            guest: {
              userid: u,
              vcpus: o.vcpus,
              memory: o.memory,
              ...(o.disk ? { disk_list: o.disk } : {}),
              ...(o.maxCpu ? { max_cpu: o.maxCpu } : {}),
              ...(o.maxMem ? { max_mem: o.maxMem } : {}),
            },
          },
          o.wait,
        ),
    );
  guests
    .command('delete <userid>')
    .description('delete a guest and its disks')
    .addOption(noWait())
    .action((u: string, o: { wait: boolean }) =>
      submit(ctx(), 'DELETE', `/guests/${id(u)}`, undefined, o.wait),
    );
  for (const [name, what] of [
    ['start', 'log a guest on'],
    ['stop', 'log a guest off'],
    ['softstop', 'shut a guest down, then log it off'],
    ['reboot', 'reboot a guest'],
  ] as const) {
    guests
      .command(`${name} <userid>`)
      .description(what)
      .addOption(noWait())
      .action((u: string, o: { wait: boolean }) => action(ctx(), u, { action: name }, o.wait));
  }
  guests
    .command('deploy <userid>')
    .description('write an image onto the root disk')
    .requiredOption('--image <name>', 'the image')
    .option('--vdev <vdev>', 'the disk to deploy to (default: the root disk)')
    .option('--hostname <name>', 'host name to set in the guest')
    .addOption(noWait())
    .action((u: string, o: { image: string; vdev?: string; hostname?: string; wait: boolean }) =>
      action(
        ctx(),
        u,
        {
          action: 'deploy',
          image: o.image,
          ...(o.vdev ? { vdev: o.vdev } : {}),
          ...(o.hostname ? { hostname: o.hostname } : {}),
        },
        o.wait,
      ),
    );
  guests
    .command('capture <userid>')
    .description("capture a guest's root disk as an image")
    .requiredOption('--image <name>', 'name of the new image')
    .addOption(noWait())
    .action((u: string, o: { image: string; wait: boolean }) =>
      action(ctx(), u, { action: 'capture', image: o.image }, o.wait),
    );
  guests
    .command('migrate <userid>')
    .description('live-migrate a guest to another member of the SSI cluster')
    .requiredOption('--dest <system>', 'the destination system')
    .option('--test', 'only check whether it could move')
    .option('--max-total <s>', 'longest relocation, seconds', Number)
    .option('--max-quiesce <s>', 'longest quiesce, seconds', Number)
    .addOption(noWait())
    .action(
      (
        u: string,
        o: { dest: string; test?: boolean; maxTotal?: number; maxQuiesce?: number; wait: boolean },
      ) =>
        action(
          ctx(),
          u,
          {
            action: 'live_migrate_vm',
            destination: o.dest,
            lgr_action: o.test ? 'test' : 'move',
            parms: {
              ...(o.maxTotal !== undefined ? { maxtotal: o.maxTotal } : {}),
              ...(o.maxQuiesce !== undefined ? { maxquiesce: o.maxQuiesce } : {}),
            },
          },
          o.wait,
        ),
    );
}
