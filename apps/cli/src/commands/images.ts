import type { Command } from 'commander';
import type { Ctx } from '../output.js';
import { noWait, read, submit } from '../output.js';

const name = (n: string) => encodeURIComponent(n);

export function imageCommands(program: Command, ctx: () => Ctx): void {
  const images = program.command('images').description('disk images');
  images
    .command('list')
    .description('the images in the repository')
    .action(() => read(ctx(), '/images'));
  images
    .command('import <name> <url>')
    .description('import an image from file://, http(s):// or a remote host')
    .requiredOption('--os-version <os>', 'e.g. rhel9.0')
    .option('--md5sum <md5>', 'checked after the transfer')
    .option('--remote-host <user@host>', 'copy the path from this host over scp')
    .addOption(noWait())
    .action(
      (
        n: string,
        url: string,
        o: { osVersion: string; md5sum?: string; remoteHost?: string; wait: boolean },
      ) =>
        submit(
          ctx(),
          'POST',
          '/images',
          {
            image: {
              image_name: n,
              url,
              image_meta: { os_version: o.osVersion, ...(o.md5sum ? { md5sum: o.md5sum } : {}) },
              ...(o.remoteHost ? { remote_host: o.remoteHost } : {}),
            },
          },
          o.wait,
        ),
    );
  images
    .command('export <name> <dest-url>')
    .description('export an image to a file:// path (or a path on --remote-host)')
    .option('--remote-host <user@host>', 'copy it to this host over scp')
    .addOption(noWait())
    .action((n: string, dest: string, o: { remoteHost?: string; wait: boolean }) =>
      submit(
        ctx(),
        'PUT',
        `/images/${name(n)}`,
        { location: { dest_url: dest, ...(o.remoteHost ? { remote_host: o.remoteHost } : {}) } },
        o.wait,
      ),
    );
  images
    .command('delete <name>')
    .description('delete an image')
    .addOption(noWait())
    .action((n: string, o: { wait: boolean }) =>
      submit(ctx(), 'DELETE', `/images/${name(n)}`, undefined, o.wait),
    );
}
