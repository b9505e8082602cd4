// `npm run bench:scale`: operations per second with 1, 2 and 4 worker processes on the simulator's
// I/O-bound latency profile (`realistic`: a guest create waits ~1.5 s on the hypervisor), each
// beside N× the one-worker figure (issue #15's goal: ≥ 0.9·N). Prints; asserts nothing.
//   npm run bench:scale -- [--workers 1,2,4] [--rounds 12] [--concurrency 8] [--postgres <url>]
//                          [--load creates|mixed] [--queue-prefix <p>]
// Redis comes from the environment as for any process (REDIS_URL or REDIS_CLUSTER_NODES); the
// database is a fresh SQLite file per measurement, or with --postgres a fresh database created
// through that admin URL (and dropped), as several hosts would share. `--load mixed` gives each
// guest a create and then a NIC, both with a Callback-URL: three queues (guest-lifecycle,
// network, webhooks). On a cluster it also prints the commands each master served meanwhile;
// which master a queue lands on follows from its hash tag, so from QUEUE_PREFIX: a fresh random
// one per measurement unless --queue-prefix names one (e.g. the default, hvo).
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { BenchClient, inBatches } from './bench-client.js';
import { startBenchStack } from './bench-stack.js';
import { type Counts, MasterLoad, type MasterShare } from './master-load.js';
import { guestIds } from './scenarios.js';

const { values: args } = parseArgs({
  options: {
    workers: { type: 'string', default: '1,2,4' },
    rounds: { type: 'string', default: '12' },
    concurrency: { type: 'string', default: '8' },
    postgres: { type: 'string' },
    load: { type: 'string', default: 'creates' },
    'queue-prefix': { type: 'string' },
  },
});
if (!['creates', 'mixed'].includes(args.load)) throw new Error('--load is creates or mixed');
const mixed = args.load === 'mixed';
const rounds = Number(args.rounds);
const concurrency = Number(args.concurrency);

interface Figure {
  workers: number;
  operations: number;
  seconds: number;
  rate: number;
  failed: number;
  /** `--load mixed`: callbacks that had not arrived a minute after the last operation ended. */
  undelivered: number;
  prefix: string;
  /** On a cluster: what each master served from the first submission to the last delivery. */
  masters?: MasterShare[];
}

/** A Callback-URL receiver: answers 200 and counts what arrived. */
async function receiver(): Promise<{ url: string; received: () => number; close: () => void }> {
  let n = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      n++;
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/cb`, received: () => n, close: () => server.close() };
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
 * `rounds × concurrency × workers` guest creates (`--load mixed`: each guest then given a NIC),
 * submitted at once with `Prefer: respond-async` and followed by long polls; the rate is
 * operations over the time from the first submission to the last end. Enough rounds that
 * start-up and the last straggler (±25 % latency) weigh little.
 */
async function measure(workers: number): Promise<Figure> {
  const db = await database();
  const callbacks = mixed ? await receiver() : undefined;
  const stack = await startBenchStack(
    process.env,
    {
      ...db.env,
      WORKER_CONCURRENCY: String(concurrency),
      // the queue's global cap must not be what limits the workers
      QUEUE_CONCURRENCY: `guest-lifecycle=${Math.max(64, workers * concurrency)}`,
      // the receiver is on loopback, a range callbacks may not reach unless allowed
      ...(callbacks ? { WEBHOOK_HOSTS: '127.0.0.1' } : {}),
      ...(args['queue-prefix'] ? { QUEUE_PREFIX: args['queue-prefix'] } : {}),
    },
    { latencyProfile: 'realistic' },
  );
  const masters = await MasterLoad.open(stack.cfg);
  try {
    for (let i = 0; i < workers; i++) await stack.startWorker();
    const client = await BenchClient.for(stack);
    const userids = guestIds(rounds * concurrency * workers, `W${workers}`);
    const headers = {
      prefer: 'respond-async',
      ...(callbacks ? { 'callback-url': callbacks.url } : {}),
    };
    const submit = async (path: string, body: unknown): Promise<string> => {
      const a = await client.call('POST', path, body, headers);
      if (a.status !== 202) throw new Error(`POST ${path}: ${a.status} ${a.body.errmsg}`);
      return a.headers.get('location')!;
    };
    /** Long-polls an operation until it ends; true when it succeeded. */
    const ended = async (location: string): Promise<boolean> => {
      for (;;) {
        const op = (await client.must('GET', `${location}?wait=50`)).body.output as {
          status: string;
        };
        if (['succeeded', 'failed', 'cancelled'].includes(op.status))
          return op.status === 'succeeded';
      }
    };
    const before: Counts | undefined = await masters?.counts();
    const t0 = performance.now();
    const create = (userid: string) =>
      submit('/guests', { guest: { userid, vcpus: 1, memory: 512 } });
    let outcomes: boolean[];
    if (mixed) {
      // a NIC only once its guest exists (the api checks that on submission)
      const chains = userids.map(async (userid) => {
        if (!(await ended(await create(userid)))) return [false];
        return [true, await ended(await submit(`/guests/${userid}/nic`, { nic: {} }))];
      });
      outcomes = (await Promise.all(chains)).flat();
    } else {
      const locations = await Promise.all(userids.map(create));
      outcomes = [];
      await inBatches(
        locations,
        100,
        async (location) => void outcomes.push(await ended(location)),
      );
    }
    const failed = outcomes.filter((ok) => !ok).length;
    const seconds = (performance.now() - t0) / 1000;
    // every operation's callback delivered (the relay sends them from its outbox, a little later)
    const deadline = Date.now() + 60_000;
    while (callbacks && callbacks.received() < outcomes.length && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    const ops = outcomes.length;
    return {
      workers,
      prefix: stack.cfg.QUEUE_PREFIX,
      operations: ops,
      seconds,
      rate: ops / seconds,
      failed,
      undelivered: callbacks ? outcomes.length - callbacks.received() : 0,
      masters: masters && before ? await masters.shares(before, await masters.counts()) : undefined,
    };
  } finally {
    masters?.close();
    await stack.close();
    callbacks?.close();
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
    [
      f.failed ? `${f.failed} not succeeded` : '',
      f.undelivered ? `${f.undelivered} callbacks missing` : '',
    ]
      .filter(Boolean)
      .join(', '),
  ];
});
const db = args.postgres ? 'PostgreSQL' : 'SQLite';
console.log(
  `\nworker concurrency ${concurrency}, ${rounds} rounds, load ${args.load}, profile realistic, ${db}`,
);
console.table(rows.map(([w, ops, rate, ratio, bad]) => ({ workers: w, ops, rate, ratio, bad })));
for (const f of figures.filter((f) => f.masters)) {
  // on a cluster: each queue's keys are in its own slot, so on the master holding that slot
  console.log(
    `\n${f.workers} worker(s), QUEUE_PREFIX ${f.prefix}: commands each master served meanwhile`,
  );
  console.table(
    f.masters!.map((m) => ({
      master: m.master,
      commands: m.commands,
      share: `${(m.share * 100).toFixed(1)} %`,
      queues: m.queues.join(', '),
    })),
  );
}
console.log(`load average after: ${load()}`);
