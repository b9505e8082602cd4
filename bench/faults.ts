// Benchmark: how long an operation takes to end after its worker is killed (kill -9) mid-step,
// for a few lock times: the lock lapses, a new worker resumes it and probes the step in flight.
// Prints numbers; asserts nothing. Run: npm run build && node dist/bench/faults.js [rounds]
import { startBenchStack } from './bench-stack.js';

const ROUNDS = Number(process.argv[2] ?? 3);
const LOCKS_S = [1, 2, 5];

interface Answer {
  status: number;
  location: string | null;
  body: { output?: { status?: string }; calls?: { target: string }[] };
}

async function json(url: string, method = 'GET', body?: unknown): Promise<Answer> {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', prefer: 'respond-async' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const parsed = (await res.json()) as Answer['body'];
  return { status: res.status, location: res.headers.get('location'), body: parsed };
}

async function until<T>(check: () => Promise<T | undefined>): Promise<T> {
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function main(): Promise<void> {
  console.log('lock_s  round  recovery_ms (kill -9 → operation ended)  status');
  for (const lock of LOCKS_S) {
    const stack = await startBenchStack(process.env, {
      WORKER_LOCK_S: String(lock),
      RECONCILE_INTERVAL_S: '1',
    });
    const sim = stack.env.HV_SIMULATOR_URL!;
    let worker = await stack.startWorker();
    try {
      for (let round = 0; round < ROUNDS; round++) {
        const userid = `BF${lock}${round}`;
        await json(`${sim}/admin/faults`, 'POST', {
          function: 'Image_Disk_Create_DM',
          target: userid,
          hang_ms: 1000,
        });
        const res = await json(`${stack.base}/guests`, 'POST', {
          guest: { userid, vcpus: 1, memory: 512, disk_list: [{ size: '1g' }] },
        });
        await until(async () => {
          const calls = (await json(`${sim}/admin/calls`)).body.calls ?? [];
          return calls.some((c) => c.target === userid) ? true : undefined;
        });
        const killedAt = Date.now();
        worker.proc.kill('SIGKILL');
        worker = await stack.startWorker();
        const status = await until(async () => {
          const s = (await json(`${stack.base}${res.location}`)).body.output?.status ?? '';
          return ['succeeded', 'failed', 'cancelled', 'needs_attention'].includes(s)
            ? s
            : undefined;
        });
        console.log(
          `${String(lock).padStart(6)}  ${String(round).padStart(5)}  ${String(Date.now() - killedAt).padStart(11)}  ${status}`,
        );
      }
    } finally {
      await stack.close();
    }
  }
}

main().then(
  () => process.exit(0),
  (e: Error) => {
    console.error(e);
    process.exit(1);
  },
);
