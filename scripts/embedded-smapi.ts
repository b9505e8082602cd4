import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Config, loadConfig } from '#config';

/** The simulator's wire port when the stack picks it (the request server's usual port). */
const DEFAULT_WIRE_PORT = 44444;

/**
 * The settings `npm start` completes for its children: none unless HV_TRANSPORT=smapi without a
 * request server (SMAPI_HOST unset), which must then validate with the embedded simulator's.
 */
export function stackSettings(
  env: Record<string, string | undefined>,
  root: string,
): { cfg: Config; childEnv: Record<string, string> } {
  if (env.HV_TRANSPORT !== 'smapi' || env.SMAPI_HOST) return { cfg: loadConfig(env), childEnv: {} };
  // the stack's own settings (DATA_DIR, ports) before the link's are complete
  const childEnv = embeddedSmapiSettings(loadConfig({ ...env, HV_TRANSPORT: 'simulator' }), root);
  return { cfg: loadConfig({ ...env, ...childEnv }), childEnv };
}

/**
 * `HV_TRANSPORT=smapi npm start` without a request server of its own (SMAPI_HOST unset): the
 * embedded simulator opens its wire front door, the api and worker reach it there and run its
 * management-guest executables (apps/hv-simulator/bin) for CP and the management guest, so
 * nothing goes through the simulator's HTTP/JSON API. The password file is made once (0600).
 * Settings already given are kept.
 */
function embeddedSmapiSettings(cfg: Config, root: string): Record<string, string> {
  const port = cfg.SIM_SMAPI_PORT || DEFAULT_WIRE_PORT;
  const passwordFile = cfg.SMAPI_PASSWORD_FILE || join(cfg.DATA_DIR, 'smapi.pw');
  if (!existsSync(passwordFile)) {
    mkdirSync(cfg.DATA_DIR, { recursive: true });
    writeFileSync(passwordFile, 'hv-simulator\n', { mode: 0o600 });
  }
  return {
    HV_TRANSPORT: 'smapi',
    SIM_SMAPI_PORT: String(port),
    SMAPI_HOST: cfg.SIM_HOST,
    SMAPI_PORT: String(port),
    SMAPI_USER: cfg.SMAPI_USER || 'HVSIMMGR',
    SMAPI_PASSWORD_FILE: passwordFile,
    HV_TOOLS_DIR: cfg.HV_TOOLS_DIR || join(root, 'apps/hv-simulator/bin'),
  };
}
