import { readFileSync } from 'node:fs';

/** `[section] option` → value, as Python's configparser reads zvmsdk.conf (names lower case). */
export function parseZvmsdkConf(text: string): Map<string, string> {
  const out = new Map<string, string>();
  let section = 'default';
  let last: string | undefined;
  for (const raw of text.split(/\r?\n/)) {
    if (/^\s*([#;]|$)/.test(raw)) continue;
    const header = /^\s*\[([^\]]+)\]\s*$/.exec(raw);
    if (header) {
      section = header[1].trim().toLowerCase();
      last = undefined;
      continue;
    }
    // an indented line continues the value above it (configparser's multi-line values)
    if (/^\s/.test(raw) && last) {
      out.set(last, `${out.get(last)}\n${raw.trim()}`);
      continue;
    }
    const kv = /^([^=:]+?)\s*[=:]\s*(.*)$/.exec(raw);
    if (!kv) continue;
    last = `${section}.${kv[1].trim().toLowerCase()}`;
    out.set(last, kv[2].trim());
  }
  return out;
}

type Translate = (value: string) => string;
const same: Translate = (v) => v;
const LOG_LEVELS: Record<string, string> = {
  debug: 'debug',
  info: 'log',
  warning: 'warn',
  error: 'error',
  critical: 'fatal',
};

/** The reference's options that have an equivalent here, and how the value carries over. */
const EQUIVALENTS: Record<string, [string, Translate]> = {
  'zvm.user_profile': ['USER_PROFILE', same],
  'zvm.disk_pool': ['DISK_POOL', same],
  'zvm.user_root_vdev': ['USER_ROOT_VDEV', same],
  'zvm.default_nic_vdev': ['DEFAULT_NIC_VDEV', same],
  'zvm.user_default_max_cpu': ['USER_DEFAULT_MAX_CPU', same],
  'zvm.user_default_max_memory': ['USER_DEFAULT_MAX_MEMORY', same],
  'zvm.user_default_max_reserved_memory': ['USER_DEFAULT_MAX_RESERVED_MEMORY', same],
  'zvm.user_default_share_unit': ['USER_DEFAULT_SHARE_UNIT', same],
  'zvm.default_admin_userid': ['DEFAULT_ADMIN_USERID', same],
  'zvm.remotehost_sshd_port': ['REMOTEHOST_SSHD_PORT', same],
  'image.sdk_image_repository': ['IMAGE_REPOSITORY', same],
  'image.default_compress_level': ['DEFAULT_COMPRESS_LEVEL', same],
  'file.file_repository': ['FILE_REPOSITORY', same],
  'wsgi.auth': ['AUTH', (v) => v.toLowerCase()],
  'wsgi.token_path': ['TOKEN_PATH', same],
  'wsgi.token_validation_period': ['TOKEN_TTL_S', same],
  'volume.get_fcp_pair_with_same_index': ['GET_FCP_PAIR_WITH_SAME_INDEX', same],
  'logging.log_level': [
    'LOG_LEVEL',
    (v) => LOG_LEVELS[v.replace(/^logging\./i, '').toLowerCase()] ?? v,
  ],
};

/** Options whose value is a secret: named, never printed. */
const SECRETS = new Set(['zvm.user_default_password']);

/** Options that have no setting here because adopt itself or the design covers them. */
const COVERED: Record<string, string> = {
  'database.dir': 'give it to adopt as --from',
};

export interface ConfigTranslation {
  /** Environment settings of this service, in the order of the file. */
  settings: { env: string; value: string; from: string }[];
  /** `[section] option` without an equivalent, with why when known. */
  unmatched: { from: string; note: string }[];
}

const label = (key: string): string => {
  const dot = key.indexOf('.');
  return `[${key.slice(0, dot)}] ${key.slice(dot + 1)}`;
};

/** Translates a zvmsdk.conf into this service's environment settings. */
export function translateConfig(text: string): ConfigTranslation {
  const out: ConfigTranslation = { settings: [], unmatched: [] };
  for (const [key, value] of parseZvmsdkConf(text)) {
    const eq = EQUIVALENTS[key];
    if (eq) out.settings.push({ env: eq[0], value: eq[1](value), from: label(key) });
    else if (SECRETS.has(key))
      out.unmatched.push({ from: label(key), note: 'secret, value not shown; no equivalent' });
    else out.unmatched.push({ from: label(key), note: COVERED[key] ?? 'no equivalent' });
  }
  return out;
}

export const readConfigFile = (path: string): ConfigTranslation =>
  translateConfig(readFileSync(path, 'utf8'));
