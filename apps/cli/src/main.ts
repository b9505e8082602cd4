#!/usr/bin/env node
// hvctl: the command line for hv-orchestrator's API (issue #15). Every change is submitted as
// an operation and followed over its events stream; `--json` prints what the API answers.
import { Command, CommanderError, Option } from 'commander';
import { cliSettings, serviceVersion } from '#config/cli';
import { ApiClient, CliError } from './api-client.js';
import { driftCommands } from './commands/drift.js';
import { guestCommands } from './commands/guests.js';
import { hostCommands } from './commands/host.js';
import { imageCommands } from './commands/images.js';
import { opsCommands } from './commands/ops.js';
import { volumeCommands } from './commands/volumes.js';
import { vswitchCommands } from './commands/vswitches.js';
import { webhookCommands } from './commands/webhooks.js';
import { EXIT, EXIT_HELP } from './exit-codes.js';
import type { Ctx } from './output.js';

const settings = cliSettings();
const program = new Command('hvctl')
  .description('Manage guests, images, volumes and operations of an hv-orchestrator service')
  .version(serviceVersion())
  .option('--url <url>', 'the service (HVCTL_URL)', settings.url)
  .option('--admin-token-file <path>', 'admin token file (HVCTL_ADMIN_TOKEN_FILE)')
  .addOption(
    new Option('-o, --output <format>', 'json: what the API answers; table: for people')
      .choices(['table', 'json'])
      .default('table'),
  )
  // kept beside --output: under `npx`, npm takes `--json` for itself unless after `--`
  .option('--json', 'the same as --output json')
  .option('--dry-run', 'commands that submit: print the plan (validate_only), change nothing')
  .addHelpText('after', EXIT_HELP)
  .showHelpAfterError()
  .exitOverride();

let ctx: Ctx | undefined;
const context = (): Ctx => {
  if (ctx) return ctx;
  const o = program.opts<{
    url: string;
    adminTokenFile?: string;
    output: 'table' | 'json';
    json?: boolean;
    dryRun?: boolean;
  }>();
  const tty = process.stdout.isTTY === true;
  ctx = {
    client: new ApiClient(
      o.url,
      { ...settings, ...(o.adminTokenFile ? { adminTokenFile: o.adminTokenFile } : {}) },
      `hvctl/${serviceVersion()}`,
    ),
    json: o.json === true || o.output === 'json',
    tty,
    color: tty && !settings.noColor,
    dryRun: o.dryRun === true,
  };
  return ctx;
};

guestCommands(program, context);
imageCommands(program, context);
volumeCommands(program, context);
vswitchCommands(program, context);
opsCommands(program, context);
webhookCommands(program, context);
driftCommands(program, context);
hostCommands(program, context);

try {
  await program.parseAsync(process.argv);
} catch (e) {
  // help and version exit 0; every other complaint of the parser is a usage error
  if (e instanceof CommanderError) process.exit(e.exitCode === 0 ? EXIT.ok : EXIT.usage);
  process.stderr.write(`hvctl: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(e instanceof CliError ? e.exitCode : EXIT.failed);
}
