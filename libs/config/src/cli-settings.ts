import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

type Env = Record<string, string | undefined>;

/** What hvctl reads from its environment (flags override each). */
export interface CliSettings {
  /** The service, `HVCTL_URL`; default the quick start's address. */
  url: string;
  /** `HV_ADMIN_TOKEN`: the admin token itself. */
  adminToken?: string;
  /** Where the admin token is read from otherwise: `HVCTL_ADMIN_TOKEN_FILE`, else TOKEN_PATH or ./var/token.dat. */
  adminTokenFile: string;
  /** Where short-lived tokens are cached (0600), one per service URL. */
  tokenCacheFile: string;
  /** `NO_COLOR` set: no colours even on a terminal. */
  noColor: boolean;
}

export function cliSettings(env: Env = process.env): CliSettings {
  const cacheHome = env.XDG_CACHE_HOME || join(env.HOME || homedir(), '.cache');
  return {
    url: env.HVCTL_URL || 'http://127.0.0.1:8080',
    ...(env.HV_ADMIN_TOKEN ? { adminToken: env.HV_ADMIN_TOKEN } : {}),
    adminTokenFile: resolve(
      env.HVCTL_ADMIN_TOKEN_FILE || env.TOKEN_PATH || join(env.DATA_DIR || './var', 'token.dat'),
    ),
    tokenCacheFile: resolve(env.HVCTL_TOKEN_CACHE || join(cacheHome, 'hvctl', 'tokens.json')),
    noColor: env.NO_COLOR !== undefined && env.NO_COLOR !== '',
  };
}
