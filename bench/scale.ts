// `npm run bench:scale`: operations per second with 1, 2 and 4 worker processes on the simulator's
// I/O-bound latency profile (`realistic`: a guest create waits ~1.5 s on the hypervisor), each
// beside N× the one-worker figure (issue #15's goal: ≥ 0.9·N). Prints; asserts nothing.
//   npm run bench:scale -- [--workers 1,2,4] [--rounds 6] [--concurrency 8]
// Redis and database come from the environment as for any process (REDIS_URL or
// REDIS_CLUSTER_NODES; DATABASE_URL, default a fresh SQLite file per run).
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { BenchClient, inBatches } from './bench-client.js';
import { startBenchStack } from './bench-stack.js';
import { guestIds } from './scenarios.js';

const { values: args } = parseArgs({
  options: {
    workers: { type: 'string', default: '1,2,4' },
    rounds: { type: 'string', default: '6' },
    concurrency: { type: 'string', default: '8' },
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

/**
 * `rounds × concurrency × workers` guest creates (no disks), submitted at once with
 * `Prefer: respond-async` and followed by long polls; the rate is operations over the time from
 * the first submission to the last end. Enough rounds that start-up and the last straggler
 * (±25 % latency) weigh little.
 */
async function measure(workers: number): Promise<Figure> {
  const stack = await startBenchStack(
    process.env,
    {
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
console.log(`\nworker concurrency ${concurrency}, ${rounds} rounds, latency profile realistic`);
console.table(rows.map(([w, ops, rate, ratio, bad]) => ({ workers: w, ops, rate, ratio, bad })));
console.log(`load average after: ${load()}`);
