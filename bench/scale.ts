// `npm run bench:scale`: operations per second with 1, 2 and 4 worker processes on the simulator's
// I/O-bound latency profile (`realistic`: a guest create waits ~1.5 s on the hypervisor), each
// beside N× the one-worker figure (issue #15's goal: ≥ 0.9·N). Prints; asserts nothing.
//   npm run bench:scale -- [--workers 1,2,4] [--rounds 12] [--concurrency 8] [--postgres <url>]
// Redis comes from the environment as for any process (REDIS_URL or REDIS_CLUSTER_NODES); the
// database is a fresh SQLite file per measurement, or with --postgres a fresh database created
// through that admin URL (and dropped), as several hosts would share.
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { BenchClient, inBatches } from './bench-client.js';
import { startBenchStack } from './bench-stack.js';
import { guestIds } from './scenarios.js';

const { values: args } = parseArgs({
  options: {
    workers: { type: 'string', default: '1,2,4' },
    rounds: { type: 'string', default: '12' },
    concurrency: { type: 'string', default: '8' },
    postgres: { type: 'string' },
  },
});
const rounds = Number(args.rounds);
const concurrency = Number(args.concurrency);

interface Figure {
  workers: number;
  operations: number;
  seconds: number;
  rate: number;
  failed: number;
}

async function withAdmin(fn: (admin: pg.Client) => Promise<unknown>): Promise<void> {
  const admin = new pg.Client({ connectionString: args.postgres });
  await admin.connect();
  try {
    await fn(admin);
  } finally {
    await admin.end();
  }
}

/** A fresh PostgreSQL database for one measurement (with --postgres), and its removal. */
async function database(): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (!args.postgres) return { env: {}, drop: () => Promise.resolve() };
  const name = `hvo_bench_${randomBytes(4).toString('hex')}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE "${name}"`));
  const url = new URL(args.postgres);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    drop: () =>
      withAdmin(async (admin) => {
        await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [name],
        );
        await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
      }),
  };
}

/**
 * `rounds × concurrency × workers` guest creates (no disks), submitted at once with
 * `Prefer: respond-async` and followed by long polls; the rate is operations over the time from
 * the first submission to the last end. Enough rounds that start-up and the last straggler
 * (±25 % latency) weigh little.
 */
async function measure(workers: number): Promise<Figure> {
  const db = await database();
  const stack = await startBenchStack(
    process.env,
    {
      ...db.env,
      WORKER_CONCURRENCY: String(concurrency),
      // the queue's global cap must not be what limits the workers
      QUEUE_CONCURRENCY: `guest-lifecycle=${Math.max(64, workers * concurrency)}`,
    },
    { latencyProfile: 'realistic' },
  );
  try {
    for (let i = 0; i < workers; i++) await stack.startWorker();
    const client = await BenchClient.for(stack);
    const userids = guestIds(rounds * concurrency * workers, `W${workers}`);
    const t0 = performance.now();
    const locations = await Promise.all(
      userids.map(async (userid) => {
        const a = await client.call(
          'POST',
          '/guests',
          { guest: { userid, vcpus: 1, memory: 512 } },
          { prefer: 'respond-async' },
        );
        if (a.status !== 202) throw new Error(`create ${userid}: ${a.status} ${a.body.errmsg}`);
        return a.headers.get('location')!;
      }),
    );
    let failed = 0;
    await inBatches(locations, 100, async (location) => {
      for (;;) {
        const op = (await client.must('GET', `${location}?wait=50`)).body.output as {
          status: string;
        };
        if (['succeeded', 'failed', 'cancelled'].includes(op.status)) {
          if (op.status !== 'succeeded') failed++;
          return;
        }
      }
    });
    const seconds = (performance.now() - t0) / 1000;
    return { workers, operations: userids.length, seconds, rate: userids.length / seconds, failed };
  } finally {
    await stack.close();
    await db.drop();
  }
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
console.log(`load average before: ${load()} (a shared machine: other work runs meanwhile)`);
const figures: Figure[] = [];
for (const n of args.workers.split(',').map(Number)) {
  figures.push(await measure(n));
  const f = figures.at(-1)!;
  console.log(`${n} worker(s): ${f.rate.toFixed(2)} ops/s (load ${load()})`);
}
const one = figures.find((f) => f.workers === 1) ?? figures[0];
const rows = figures.map((f) => {
  const ratio = f.rate / ((one.rate / one.workers) * f.workers);
  return [
    String(f.workers),
    `${f.operations} in ${f.seconds.toFixed(1)} s`,
    `${f.rate.toFixed(2)} ops/s`,
    `${ratio.toFixed(2)} of ${f.workers}× (goal ≥ 0.9)`,
    f.failed ? `${f.failed} not succeeded` : '',
  ];
});
const db = args.postgres ? 'PostgreSQL' : 'SQLite';
console.log(`\nworker concurrency ${concurrency}, ${rounds} rounds, profile realistic, ${db}`);
console.table(rows.map(([w, ops, rate, ratio, bad]) => ({ workers: w, ops, rate, ratio, bad })));
console.log(`load average after: ${load()}`);
