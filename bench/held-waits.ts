// Benchmark: how many clients one api process holds waiting on operations (long-polls and
// server-sent event streams), on its one QueueEvents connection per queue, and what it costs.
// Prints numbers; asserts nothing. Run: npm run build && node dist/bench/held-waits.js [clients]
// (also part of `npm run bench`).
import { adminBasicAuth } from './bench-client.js';
import { request as httpRequest } from 'node:http';
import { Redis } from 'ioredis';
import { startBenchStack } from './bench-stack.js';
import { isMain } from './is-main.js';
import { rssMiB } from './process-stats.js';

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

/** The V8 heap (used, total) and memory outside it, in MiB, as the api's /metrics reports them. */
function memoryOf(metrics: string): { used: number; total: number; external: number } {
  const mib = (name: string) =>
    Number(new RegExp(`^${name} (\\S+)`, 'm').exec(metrics)?.[1]) / 2 ** 20;
  return {
    used: mib('nodejs_heap_size_used_bytes'),
    total: mib('nodejs_heap_size_total_bytes'),
    external: mib('nodejs_external_memory_bytes'),
  };
}

const fmtMem = (m: { used: number; total: number; external: number }) =>
  `${m.used.toFixed(0)} / ${m.total.toFixed(0)} / ${m.external.toFixed(0)}`;

/** Holds `CLIENTS` waits on one api, then lets a worker end them; resolves with the figures. */
export async function heldWaits(CLIENTS: number): Promise<[string, string][]> {
  const stack = await startBenchStack(process.env, { LONG_POLL_MAX_S: '600' });
  const { cfg, base } = stack;
  const api = stack.api.proc;
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
  const auth = adminBasicAuth(cfg.TOKEN_PATH);
  const metricsNow = async () =>
    (await fetch(`${base}/metrics`, { headers: { authorization: auth } })).text();
  const memBefore = memoryOf(await metricsNow());
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
  const metrics = await metricsNow();
  const memHeld = memoryOf(metrics);

  // a worker ends every operation; every client must be answered
  const t1 = performance.now();
  await stack.startWorker();
  await Promise.all(waits);
  const drainMs = performance.now() - t1;

  const rows: [string, string][] = [
    ['clients held (half SSE streams, half ?wait long-polls)', String(CLIENTS)],
    ['operations waited on', String(OPERATIONS)],
    ['time to open all clients', `${(openMs / 1000).toFixed(1)} s`],
    ['api RSS before clients', `${rssBefore.toFixed(0)} MiB`],
    ['api RSS holding clients', `${rssHeld.toFixed(0)} MiB`],
    ['api memory per held client', `${(((rssHeld - rssBefore) * 1024) / CLIENTS).toFixed(1)} KiB`],
    // where the growth is: live JS objects, the heap V8 reserved around them, or outside it
    [
      'api V8 heap used / total / external, before → holding',
      `${fmtMem(memBefore)} → ${fmtMem(memHeld)} MiB`,
    ],
    ['Redis connections before / holding (all processes)', `${clientsBefore} / ${clientsHeld}`],
    ['waiters reported by /metrics', /hvo_operation_waiters (\d+)/.exec(metrics)?.[1] ?? 'n/a'],
    ['time from worker start until every client answered', `${(drainMs / 1000).toFixed(1)} s`],
    ['clients answered', String(ended)],
  ];
  redis.disconnect();
  await stack.close();
  return rows;
}

if (isMain(import.meta.url)) {
  heldWaits(Number(process.argv[2] ?? 10_000)).then(
    (rows) => {
      for (const [k, v] of rows) console.log(`${k.padEnd(56)} ${v}`);
    },
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
