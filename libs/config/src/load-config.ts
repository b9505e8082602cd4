import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { AppConfig, type Config } from './app-config.js';
import { parseImportHost } from './import-hosts.js';
import { clusterProblems } from './redis-client.js';
import { runtimeProblems } from './runtime.js';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const known = new Set(Object.keys(new AppConfig()).concat('DEFAULT_ADMIN_USERID'));

/** Settings from CONFIG_FILE (a JSON object of the same names); the environment wins. */
function readConfigFile(env: Env): Env {
  const file = env.CONFIG_FILE;
  if (!file) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new ConfigError([`CONFIG_FILE ${file}: ${(e as Error).message}`]);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ConfigError([`CONFIG_FILE ${file}: must hold a JSON object`]);
  }
  return Object.fromEntries(
    Object.entries(parsed as Record<string, unknown>).map(([k, v]) => [
      k,
      Array.isArray(v) ? v.join(',') : String(v),
    ]),
  );
}

function flatten(errors: ValidationError[]): string[] {
  return errors.flatMap((e) =>
    Object.values(e.constraints ?? {}).map(
      (msg) => `${e.property}=${JSON.stringify(e.value)}: ${msg}`,
    ),
  );
}

/**
 * Reads, validates and freezes the configuration. Throws ConfigError listing every bad setting.
 * The only place in the code base that reads the process environment.
 */
export function loadConfig(env: Env = process.env): Config {
  const merged: Env = { ...readConfigFile(env) };
  for (const [k, v] of Object.entries(env))
    if (known.has(k) && v !== undefined && v !== '') merged[k] = v;
  const cfg = plainToInstance(AppConfig, merged, { exposeDefaultValues: true });
  const problems = flatten(validateSync(cfg, { forbidUnknownValues: false }));
  for (const setting of ['IMAGE_IMPORT_HOSTS', 'WEBHOOK_HOSTS'] as const) {
    if (!Array.isArray(cfg[setting])) continue;
    for (const entry of cfg[setting].filter((e) => !parseImportHost(e))) {
      problems.push(
        `${setting}=${JSON.stringify(entry)}: not a host name, IP address or CIDR range`,
      );
    }
  }
  problems.push(...clusterProblems(cfg), ...runtimeProblems());
  if (problems.length) throw new ConfigError(problems);

  cfg.DATA_DIR = resolve(cfg.DATA_DIR);
  cfg.DATABASE_URL ||= `file:${join(cfg.DATA_DIR, 'hv-orchestrator.db')}`;
  cfg.TOKEN_PATH = resolve(cfg.TOKEN_PATH || join(cfg.DATA_DIR, 'token.dat'));
  cfg.SIM_STATE_DIR = resolve(cfg.SIM_STATE_DIR || join(cfg.DATA_DIR, 'hv-simulator'));
  cfg.HV_SIMULATOR_URL ||= `http://127.0.0.1:${cfg.SIM_PORT}`;
  cfg.USER_PROFILE = cfg.USER_PROFILE.toUpperCase();
  cfg.DISK_POOL = cfg.DISK_POOL.map((p) => p.toUpperCase());
  cfg.USER_ROOT_VDEV = cfg.USER_ROOT_VDEV.toUpperCase().padStart(4, '0');
  cfg.DEFAULT_NIC_VDEV = cfg.DEFAULT_NIC_VDEV.toUpperCase().padStart(4, '0');
  cfg.IMAGE_REPOSITORY = resolve(cfg.IMAGE_REPOSITORY || join(cfg.DATA_DIR, 'images'));
  cfg.FILE_REPOSITORY = resolve(cfg.FILE_REPOSITORY || join(cfg.DATA_DIR, 'files'));
  cfg.IMAGE_IMPORT_DIRS = (
    cfg.IMAGE_IMPORT_DIRS.length
      ? cfg.IMAGE_IMPORT_DIRS
      : [join(cfg.DATA_DIR, 'import'), cfg.FILE_REPOSITORY]
  ).map((d) => resolve(d));
  cfg.IMAGE_EXPORT_DIRS = (
    cfg.IMAGE_EXPORT_DIRS.length ? cfg.IMAGE_EXPORT_DIRS : [join(cfg.DATA_DIR, 'export')]
  ).map((d) => resolve(d));
  if (cfg.HV_TRANSPORT === 'smapi') {
    const missing = (['SMAPI_HOST', 'SMAPI_USER', 'SMAPI_PASSWORD_FILE'] as const).filter(
      (k) => cfg[k] === '',
    );
    if (missing.length) {
      throw new ConfigError(missing.map((k) => `${k}: required when HV_TRANSPORT=smapi`));
    }
  }
  if (cfg.DISK_POOL.length > 10) throw new ConfigError(['DISK_POOL: at most 10 pools']);
  Object.freeze(cfg.WORKER_QUEUES);
  Object.freeze(cfg.DISK_POOL);
  Object.freeze(cfg.REDIS_CLUSTER_NODES);
  Object.freeze(cfg.QUEUE_CONCURRENCY);
  Object.freeze(cfg.IMAGE_IMPORT_DIRS);
  Object.freeze(cfg.IMAGE_EXPORT_DIRS);
  Object.freeze(cfg.IMAGE_IMPORT_HOSTS);
  Object.freeze(cfg.WEBHOOK_HOSTS);
  return Object.freeze(cfg);
}
