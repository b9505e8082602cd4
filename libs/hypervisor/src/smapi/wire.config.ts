import { readFile } from 'node:fs/promises';
import type { AppConfig } from '#config';
import { readPasswordFile } from './password.file.js';
import type { WireClientOptions } from './wire.client.js';

type WireSettings = Pick<
  AppConfig,
  | 'SMAPI_HOST'
  | 'SMAPI_PORT'
  | 'SMAPI_USER'
  | 'SMAPI_PASSWORD_FILE'
  | 'SMAPI_CA_FILE'
  | 'SMAPI_CONNECT_TIMEOUT_S'
  | 'SMAPI_READ_TIMEOUT_S'
  | 'SMAPI_LONG_READ_TIMEOUT_S'
  | 'SMAPI_RETRY_SCHEDULE_MS'
>;

/** The wire client's options from the settings: the password and CA are read from their files. */
export async function wireClientOptions(cfg: WireSettings): Promise<WireClientOptions> {
  const missing = (['SMAPI_HOST', 'SMAPI_USER', 'SMAPI_PASSWORD_FILE'] as const).filter(
    (k) => cfg[k] === '',
  );
  if (missing.length > 0) {
    throw new Error(`the systems-management link needs ${missing.join(', ')}`);
  }
  return {
    host: cfg.SMAPI_HOST,
    port: cfg.SMAPI_PORT,
    ca: cfg.SMAPI_CA_FILE ? await readFile(cfg.SMAPI_CA_FILE) : undefined,
    userid: cfg.SMAPI_USER,
    password: await readPasswordFile(cfg.SMAPI_PASSWORD_FILE),
    connectTimeoutMs: cfg.SMAPI_CONNECT_TIMEOUT_S * 1000,
    readTimeoutMs: cfg.SMAPI_READ_TIMEOUT_S * 1000,
    longReadTimeoutMs: cfg.SMAPI_LONG_READ_TIMEOUT_S * 1000,
    retryDelaysMs: cfg.SMAPI_RETRY_SCHEDULE_MS.map(Number),
    recoveryDelayMs: 2000,
  };
}
