import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILT_ENTRY, type Config, loadConfig } from '#config';
import { createSimulator } from '../apps/hv-simulator/src/index.js';
import { migrateDeploy } from '#persistence';
import { Queue } from 'bullmq';
import { QUEUES } from '#jobs';
import { bullConnection } from '#operations';
import { type Proc, sparePort, startFileLogged, stopProcess } from '#testing';

/** A stack for a benchmark: simulator in this process, the built api as its own process. */
export interface BenchStack {
  cfg: Config;
  base: string;
  api: Proc;
  /** The environment the stack's processes run with. */
  env: Record<string, string | undefined>;
  startWorker(): Promise<Proc>;
  close(): Promise<void>;
}

export interface BenchStackOptions {
  latencyProfile?: 'fast' | 'realistic';
  /** Node flags for the api and worker processes (e.g. --cpu-prof, not allowed in NODE_OPTIONS). */
  nodeArgs?: readonly string[];
}

/**
 * Temp data dir, migrated SQLite database, unique queue prefix, no auth; `extra` on top.
 * `inherited` is the caller's environment (PATH, REDIS_URL …) for the child processes. The
 * processes write their lines to files in the data dir, as a node's log files are written: a
 * pipe would have this process (the load generator) read every line, on the cores it shares
 * with the api, and count that against the api. Start-up is seen by polling (health route,
 * BullMQ's worker list), so it works with LOG_LEVEL=silent too.
 */
export async function startBenchStack(
  inherited: Record<string, string | undefined>,
  extra: Record<string, string> = {},
  opts: BenchStackOptions = {},
): Promise<BenchStack> {
  const { latencyProfile = 'fast', nodeArgs = [] } = opts;
  const dataDir = mkdtempSync(join(tmpdir(), 'hvo-bench-'));
  const base: Record<string, string> = {
    DATA_DIR: dataDir,
    QUEUE_PREFIX: `b${randomBytes(4).toString('hex')}`,
    // the default level unless the caller's says otherwise (`LOG_LEVEL=silent npm run bench`
    // measures without any log line, for issue #26's before/after)
    LOG_LEVEL: inherited.LOG_LEVEL ?? 'info',
    AUTH: 'none',
    ...extra,
  };
  const cfg = loadConfig({ ...inherited, ...base });
  if ((await migrateDeploy(cfg.DATABASE_URL)) !== 0) throw new Error('migration failed');
  const sim = await createSimulator({ stateDir: join(dataDir, 'sim'), latencyProfile });
  const simUrl = await sim.app.listen({ port: 0, host: '127.0.0.1' });
  const env = { ...inherited, ...base, HV_SIMULATOR_URL: simUrl };
  const port = await sparePort();
  const url = `http://127.0.0.1:${port}`;
  const api = await startFileLogged(
    BUILT_ENTRY.api,
    { ...env, PORT: String(port), HOST: '127.0.0.1' },
    join(dataDir, 'api.log'),
    async () => (await fetch(`${url}/health/live`)).ok,
    30000,
    nodeArgs,
  );
  const workers: Proc[] = [];
  // the worker has no port: it is up once BullMQ lists one more worker on a queue it consumes
  const lifecycle = new Queue(QUEUES[0], bullConnection(cfg, 'api', QUEUES[0]));
  return {
    cfg,
    base: url,
    api,
    env,
    async startWorker() {
      const before = await lifecycle.getWorkersCount();
      const w = await startFileLogged(
        BUILT_ENTRY.worker,
        env,
        join(dataDir, `worker-${workers.length + 1}.log`),
        async () => (await lifecycle.getWorkersCount()) > before,
        30000,
        nodeArgs,
      );
      workers.push(w);
      return w;
    },
    async close() {
      for (const w of workers) await stopProcess(w.proc);
      await stopProcess(api.proc);
      await lifecycle.close();
      await sim.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
