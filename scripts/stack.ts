// `npm start`: the whole stack on one machine — simulator, one worker and the api — with the
// embedded defaults (SQLite under DATA_DIR). Starts a Redis for the stack when none answers at
// REDIS_URL and redis-server is installed. Children get argument arrays, never shell strings.
import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Logger } from 'pino';
import { BUILT_ENTRY, type Config, ConfigError, repoRoot } from '#config';
import { writeSampleImage } from '#images';
import { createLogger, currentLogger, isPretty, prettyLine, relayedLines } from '#logging';
import { stackSettings } from './embedded-smapi.js';
import { sysinfoText } from '../apps/hv-simulator/src/ssi/sysinfo.text.js';
import { redisAnswers } from './redis-probe.js';

const root = repoRoot();
interface Child {
  name: string;
  proc: ChildProcess;
  /** Resolves once its stdout and stderr have ended and their last lines were handed on. */
  outputEnded: Promise<void>;
}
const children: Child[] = [];
let stopping = false;
/** Settings the stack adds for its children (HV_TRANSPORT=smapi against the simulator). */
let childEnv: Record<string, string> = {};
/** The launcher's own lines; until its settings are read, the fallback logger's. */
let log: Logger = currentLogger();
/** How a child's JSON line is shown: as it is, or made readable for a terminal. */
let showLine: (line: string) => string = (line) => `${line}\n`;
/** Where children's lines go: the launcher's output, waiting for a slow reader up to a limit. */
let relay: (text: string) => void = (text) => void process.stdout.write(text);

function onPath(bin: string): string | null {
  // eslint-disable-next-line no-restricted-properties -- PATH lookup, not configuration
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    try {
      accessSync(join(dir, bin), constants.X_OK);
      return join(dir, bin);
    } catch {
      /* not here */
    }
  }
  return null;
}

function start(name: string, cmd: string, args: string[]): ChildProcess {
  // eslint-disable-next-line no-restricted-properties -- children read their own configuration
  const env = { ...process.env, ...childEnv };
  const proc = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env });
  const ended: Promise<void>[] = [];
  for (const stream of [proc.stdout, proc.stderr]) {
    // the children write JSON lines (each names its process); anything else (redis-server's
    // own output, a crash before a child's logger exists) becomes a line of the launcher's
    const lines = createInterface({ input: stream });
    lines.on('line', (line) => {
      if (line.startsWith('{')) relay(showLine(line));
      else if (line.trim()) log.info({ process: name }, line);
    });
    ended.push(new Promise((r) => lines.once('close', r)));
  }
  proc.on('exit', (code, signal) => {
    if (!stopping) {
      log.error(`${name} exited (${code ?? signal}); stopping the stack`);
      void shutdown(1);
    }
  });
  children.push({ name, proc, outputEnded: Promise.all(ended).then(() => undefined) });
  return proc;
}

/**
 * The order of a stop: the workers first finish their running operations (the simulator and
 * Redis they use still up, the api still answering about them), then the api, the simulator,
 * and Redis last. On Ctrl-C the terminal has signalled them all already; this stop then only
 * waits for them, and signals again one that is still there.
 */
const STOP_ORDER = ['worker', 'api', 'hv-simulator', 'redis'];
/** How long a child other than a worker may take to stop before it is killed. */
const CHILD_STOP_MS = 5000;
/**
 * How long a gone child's output may take to end: its 'exit' can come before the last lines
 * in its pipes are read (Redis's "Received SIGTERM", a child's "SIGTERM: closing"), and the
 * launcher exits after the last child. Bounded: a grandchild may hold a pipe open.
 */
const OUTPUT_END_MS = 2000;
/** A worker's SHUTDOWN_GRACE_S (it exits by itself at its end; killed 5 s later). */
let workerGraceS = 30;

async function shutdown(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  for (const name of STOP_ORDER) {
    const ms = name === 'worker' ? (workerGraceS + 5) * 1000 : CHILD_STOP_MS;
    await Promise.all(children.filter((c) => c.name === name).map((c) => stopChild(c, ms)));
  }
  process.exit(code);
}

/**
 * SIGTERM, then SIGKILL after `ms`; resolves once the child is gone and its last lines are
 * relayed, so that the next one's stop (and the launcher's exit) follows them.
 */
async function stopChild({ name, proc, outputEnded }: Child, ms: number): Promise<void> {
  // a child killed by a signal has exitCode null but signalCode set: it is gone too
  if (proc.exitCode === null && proc.signalCode === null) {
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGTERM');
    const killer = setTimeout(() => {
      log.error(`${name} did not stop in ${ms / 1000} s; killing it`);
      proc.kill('SIGKILL');
    }, ms);
    await exited;
    clearTimeout(killer);
  }
  let late: NodeJS.Timeout | undefined;
  await Promise.race([outputEnded, new Promise((r) => (late = setTimeout(r, OUTPUT_END_MS)))]);
  clearTimeout(late);
}

async function waitFor(what: string, check: () => Promise<boolean>, seconds = 30): Promise<void> {
  for (let i = 0; i < seconds * 4; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not come up in ${seconds} s`);
}

async function ensureRedis(url: string, dataDir: string): Promise<void> {
  if (await redisAnswers(url)) return;
  if (/^rediss?\+sentinel:/.test(url)) {
    throw new Error(`No Redis master answers through the sentinels of ${url}.`);
  }
  const u = new URL(url);
  const local = ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(u.hostname);
  const bin = onPath('redis-server');
  if (!local || !bin) {
    throw new Error(
      `No Redis answers at ${url}. Start one (e.g. \`apt-get install redis-server\` or ` +
        '`docker run -p 6379:6379 redis:7`) or set REDIS_URL.',
    );
  }
  const dir = join(dataDir, 'redis');
  mkdirSync(dir, { recursive: true });
  log.info(`no Redis at ${url}; starting ${bin} for this stack (data in ${dir})`);
  start('redis', bin, [
    '--port',
    u.port || '6379',
    '--bind',
    '127.0.0.1',
    '--dir',
    dir,
    '--appendonly',
    'yes',
    '--save',
    '',
    '--maxmemory-policy',
    'noeviction',
  ]);
  await waitFor('redis', () => redisAnswers(url));
}

const SAMPLE_IMAGE = 'sample-rhel9';

/**
 * On a stack without images, makes a small CKD image (10 cylinders, gzip 6) in
 * <DATA_DIR>/import and imports it through the api, so the quick start can deploy at once.
 * Never fatal: a stack without its sample still works.
 */
async function ensureSampleImage(cfg: Config, base: string): Promise<void> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (cfg.AUTH === 'token') {
    const admin = readFileSync(cfg.TOKEN_PATH, 'utf8').trim();
    const res = await fetch(`${base}/token`, {
      method: 'POST',
      headers: { 'x-admin-token': admin },
    });
    const token = res.headers.get('x-auth-token');
    if (!token) throw new Error(`POST /token answered ${res.status}`);
    headers['x-auth-token'] = token;
  }
  const list = (await (await fetch(`${base}/images`, { headers })).json()) as { output: unknown };
  if (!Array.isArray(list.output) || list.output.length > 0) return;
  const dir = join(cfg.DATA_DIR, 'import');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${SAMPLE_IMAGE}.img`);
  const { md5sum } = await writeSampleImage(file, { cylinders: 10, level: 6 });
  const res = await fetch(`${base}/images`, {
    method: 'POST',
    headers: { ...headers, prefer: 'wait=30' },
    body: JSON.stringify({
      image: {
        image_name: SAMPLE_IMAGE,
        url: `file://${file}`,
        image_meta: { os_version: 'rhel9.0', md5sum },
      },
    }),
  });
  const env = (await res.json()) as { errmsg: string };
  if (res.status === 200 || res.status === 202) {
    const when = res.status === 200 ? 'imported' : `importing (${res.headers.get('location')})`;
    log.info(`sample image ${when}: ${SAMPLE_IMAGE} (rhel9.0, CKD, 10 cylinders)`);
  } else {
    log.warn(`the sample image was not imported (${res.status}): ${env.errmsg}`);
  }
}

/**
 * Over HV_TRANSPORT=smapi the api and worker read the management guest's /proc/sysinfo for
 * GET /host; the stack's management guest is the simulator's, so unless HV_SYSINFO_PATH is set
 * they read the simulated machine's, written to <DATA_DIR>/sysinfo.
 */
function pointAtSimulatedSysinfo(cfg: Config): void {
  // eslint-disable-next-line no-restricted-properties -- whether the operator set it
  if (cfg.HV_TRANSPORT !== 'smapi' || process.env.HV_SYSINFO_PATH !== undefined) return;
  const file = join(cfg.DATA_DIR, 'sysinfo');
  writeFileSync(file, sysinfoText(cfg.SIM_SYSTEM_ID));
  childEnv.HV_SYSINFO_PATH = file;
}

async function main(): Promise<void> {
  // eslint-disable-next-line no-restricted-properties -- the stack completes its children's settings
  const settings = stackSettings(process.env, root);
  const cfg = settings.cfg;
  // the children always write JSON to the launcher's pipes; it alone knows who reads
  childEnv = { ...settings.childEnv, LOG_FORMAT: 'json' };
  log = createLogger('stack', cfg);
  const tty = process.stdout.isTTY === true;
  if (isPretty(cfg, tty)) showLine = prettyLine(tty);
  relay = relayedLines('stack');
  mkdirSync(cfg.DATA_DIR, { recursive: true });
  workerGraceS = cfg.SHUTDOWN_GRACE_S;
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  await ensureRedis(cfg.REDIS_URL, cfg.DATA_DIR);
  if (childEnv.SMAPI_HOST) {
    log.info(
      `HV_TRANSPORT=smapi: the simulator's wire port ${childEnv.SMAPI_PORT} and its ` +
        `tools in ${childEnv.HV_TOOLS_DIR}`,
    );
  }
  const node = process.execPath;
  start('hv-simulator', node, [join('dist', BUILT_ENTRY.simulator)]);
  await waitFor('hv-simulator', async () => {
    try {
      return (await fetch(new URL('/health', cfg.HV_SIMULATOR_URL))).ok;
    } catch {
      return false;
    }
  });
  pointAtSimulatedSysinfo(cfg);
  start('worker', node, [join('dist', BUILT_ENTRY.worker)]);
  start('api', node, [join('dist', BUILT_ENTRY.api)]);
  const base = `http://${cfg.HOST === '0.0.0.0' ? '127.0.0.1' : cfg.HOST}:${cfg.PORT}`;
  await waitFor('api', async () => {
    try {
      return (await fetch(`${base}/health/live`)).ok;
    } catch {
      return false;
    }
  });
  await ensureSampleImage(cfg, base).catch((e: unknown) =>
    log.warn(`the sample image was not imported: ${(e as Error).message}`),
  );
  log.info(`ready: ${base}  (dashboard ${base}/admin/queues; admin token in ${cfg.TOKEN_PATH})`);
  log.info(
    `get a token:  curl -si -X POST -H "X-Admin-Token: $(cat ${cfg.TOKEN_PATH})" ${base}/token | grep -i x-auth-token`,
  );
}

main().catch((e: unknown) => {
  log.fatal(e instanceof ConfigError || e instanceof Error ? e.message : String(e));
  void shutdown(1);
});
