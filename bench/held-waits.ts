// Benchmark: how many clients one api process holds waiting on operations (long-polls and
// server-sent event streams), on its one QueueEvents connection per queue, and what it costs.
// Prints numbers; asserts nothing. Run: npm run build && node dist/bench/held-waits.js [clients]
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { request as httpRequest } from 'node:http';
import { loadConfig, repoRoot } from '#config';
import { createSimulator } from '../apps/hv-simulator/src/index.js';
import { migrateDeploy } from '../libs/persistence/src/migrate-deploy.js';

const CLIENTS = Number(process.argv[2] ?? 10_000);
const OPERATIONS = 100;

/** A GET whose promise settles once the response has started (`opened`) and when it ends. */
function hold(url: string, onOpen: () => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { agent: false }, (res) => {
      onOpen();
      res.resume();
      res.on('end', resolve);
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const rssMiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

async function waitForLine(proc: ChildProcess, re: RegExp): Promise<RegExpMatchArray> {
  let out = '';
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = re.exec(out);
      if (m) resolve(m);
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    proc.once('exit', (code) => reject(new Error(`process exited ${code}:\n${out}`)));
  });
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hvo-bench-'));
  const env = {
    DATA_DIR: dataDir,
    QUEUE_PREFIX: `b${randomBytes(4).toString('hex')}`,
    PORT: '0',
    LOG_LEVEL: 'warn',
    NO_COLOR: '1',
    AUTH: 'none',
    LONG_POLL_MAX_S: '600',
  };
  const cfg = loadConfig(env);
  if ((await migrateDeploy(cfg.DATABASE_URL)) !== 0) throw new Error('migration failed');
  const sim = await createSimulator({ stateDir: join(dataDir, 'sim'), latencyProfile: 'fast' });
  const simUrl = await sim.app.listen({ port: 0, host: '127.0.0.1' });
  const childEnv = { ...process.env, ...env, HV_SIMULATOR_URL: simUrl, LOG_LEVEL: 'log' };
  const api = spawn(process.execPath, [join(repoRoot(), 'dist/apps/api/src/main.js')], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const base = (await waitForLine(api, /api listening on (http:\/\/[\w.:[\]-]+)/))[1];
  const redis = new Redis(cfg.REDIS_URL);
  const redisClients = async () =>
    Number(/connected_clients:(\d+)/.exec(await redis.info('clients'))![1]);

  // operations with no worker running: they stay queued while clients wait on them
  const locations: string[] = [];
  for (let i = 0; i < OPERATIONS; i++) {
    const res = await fetch(`${base}/guests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'respond-async' },
      body: JSON.stringify({ guest: { userid: `B${i}`, vcpus: 1, memory: 512 } }),
    });
    locations.push(res.headers.get('location')!);
  }
  const rssBefore = rssMiB(api.pid!);
  const clientsBefore = await redisClients();

  const t0 = performance.now();
  let opened = 0;
  let ended = 0;
  const waits = Array.from({ length: CLIENTS }, async (_, i) => {
    const location = locations[i % OPERATIONS];
    const sse = i % 2 === 0;
    // a stream ends after `done`; a long-poll answers when the operation ends
    await hold(`${base}${location}${sse ? '/events' : '?wait=600'}`, () => opened++);
    ended++;
  });
  // SSE streams answer at once; long-polls only at the end, so count those as sent
  while (opened < CLIENTS / 2) await new Promise((r) => setTimeout(r, 200));
  const openMs = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 2000)); // let the long-polls settle into waiting
  const rssHeld = rssMiB(api.pid!);

  const clientsHeld = await redisClients();
  const admin = readFileSync(cfg.TOKEN_PATH, 'utf8').trim();
  const auth = `Basic ${Buffer.from(`bench:${admin}`).toString('base64')}`;
  const metrics = await (
    await fetch(`${base}/metrics`, { headers: { authorization: auth } })
  ).text();

  // a worker ends every operation; every client must be answered
  const worker = spawn(process.execPath, [join(repoRoot(), 'dist/apps/worker/src/main.js')], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const t1 = performance.now();
  await Promise.all(waits);
  const drainMs = performance.now() - t1;

  const rows: [string, string][] = [
    ['clients held (half SSE streams, half ?wait long-polls)', String(CLIENTS)],
    ['operations waited on', String(OPERATIONS)],
    ['time to open all clients', `${(openMs / 1000).toFixed(1)} s`],
    ['api RSS before clients', `${rssBefore.toFixed(0)} MiB`],
    ['api RSS holding clients', `${rssHeld.toFixed(0)} MiB`],
    ['api memory per held client', `${(((rssHeld - rssBefore) * 1024) / CLIENTS).toFixed(1)} KiB`],
    ['Redis connections before / holding (all processes)', `${clientsBefore} / ${clientsHeld}`],
    ['waiters reported by /metrics', /hvo_operation_waiters (\d+)/.exec(metrics)?.[1] ?? 'n/a'],
    ['time from worker start until every client answered', `${(drainMs / 1000).toFixed(1)} s`],
    ['clients answered', String(ended)],
  ];
  for (const [k, v] of rows) console.log(`${k.padEnd(56)} ${v}`);

  worker.kill('SIGTERM');
  api.kill('SIGTERM');
  await sim.close();
  redis.disconnect();
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
