// `npm run adopt -- --from <databases dir> [--images <repository>] [--dry-run] [--json]
// [--prefer ours|theirs] [--config <zvmsdk.conf>]`: takes over a reference installation's
// guests, images, FCP state and NIC records (issue #25), with the service's own settings.
// Exit status: 0 done (or nothing to do, or a dry run), 1 stopped by conflicts, 2 unusable
// input (a corrupt or foreign database file, bad settings), 3 anything else.
import 'reflect-metadata';
import { type DynamicModule, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Command, CommanderError, Option } from 'commander';
import {
  AdoptionModule,
  AdoptionService,
  type AdoptionResult,
  formatConfig,
  formatReport,
  jsonReport,
  readConfigFile,
  ReferenceDatabaseError,
} from '#adoption';
import { type Config, ConfigError, ConfigModule, loadConfig } from '#config';
import { HypervisorModule } from '#hypervisor';
import { PersistenceModule } from '#persistence';

interface Args {
  from?: string;
  images?: string;
  dryRun?: boolean;
  json?: boolean;
  prefer?: 'ours' | 'theirs';
  config?: string;
}

/** The reference's defaults (zvmsdk/config.py). */
const REF_IMAGES = '/var/lib/zvmsdk/images';
const REF_ROOT_VDEV = '0100';

const out = (text: string): boolean => process.stdout.write(text);

@Module({})
class AdoptCommandModule {
  static forRoot(config: Config): DynamicModule {
    return {
      module: AdoptCommandModule,
      imports: [ConfigModule.forRoot(config), PersistenceModule, HypervisorModule, AdoptionModule],
    };
  }
}

async function adopt(args: Args & { from: string }, refConf?: Map<string, string>) {
  const config = loadConfig();
  const app = await NestFactory.createApplicationContext(AdoptCommandModule.forRoot(config), {
    logger: ['fatal', 'error', 'warn'],
  });
  try {
    return await app.get(AdoptionService).run({
      from: args.from,
      images: args.images ?? refConf?.get('IMAGE_REPOSITORY') ?? REF_IMAGES,
      rootVdev: refConf?.get('USER_ROOT_VDEV') ?? REF_ROOT_VDEV,
      dryRun: !!args.dryRun,
      prefer: args.prefer,
    });
  } finally {
    await app.close();
  }
}

async function main(): Promise<number> {
  const program = new Command('adopt')
    .description("take over a reference installation's records")
    .option('--from <dir>', "the reference's database directory (its four *.sqlite files)")
    .option(
      '--images <dir>',
      "the reference's image repository (default: its config's, or /var/lib/zvmsdk/images)",
    )
    .option('--dry-run', 'write nothing; print what would be adopted')
    .option('--json', 'print the report as JSON')
    .addOption(
      new Option('--prefer <side>', 'which record wins a conflict').choices(['ours', 'theirs']),
    )
    .option('--config <file>', "translate the reference's zvmsdk.conf into this service's settings")
    .exitOverride();
  try {
    program.parse(process.argv);
  } catch (e) {
    return e instanceof CommanderError && e.exitCode === 0 ? 0 : 2;
  }
  const args = program.opts<Args>();
  const config = args.config ? readConfigFile(args.config) : undefined;
  if (config && !args.json) out(formatConfig(config));
  if (!args.from) {
    if (config) {
      if (args.json) out(jsonReport(undefined, config));
      return 0;
    }
    process.stderr.write('adopt: --from <databases dir> is required\n');
    return 2;
  }
  const refConf = config && new Map(config.settings.map((s) => [s.env, s.value]));
  const result: AdoptionResult = await adopt({ ...args, from: args.from }, refConf);
  out(args.json ? jsonReport(result, config) : formatReport(result));
  return result.status === 'conflicts' ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    // the operator gets the reason, not a stack trace
    const usage = e instanceof ReferenceDatabaseError || e instanceof ConfigError;
    const why = e instanceof Error ? e.message : String(e);
    process.stderr.write(`adopt: ${why}\n`);
    process.exit(usage ? 2 : 3);
  },
);
