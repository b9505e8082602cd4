// Benchmark: how long an operation takes to end after its worker is killed (kill -9) mid-step,
// per scenario (the hypervisor call held when the worker dies) and lock time: the lock lapses,
// a new worker resumes the operation and probes the step in flight.
// Prints numbers; asserts nothing. Run: npm run build && node dist/bench/faults.js [rounds]
import { createHash } from 'node:crypto';
import { SAMPLE_OS_RELEASE, sampleImageStream } from '#images';
import { startBenchStack } from './bench-stack.js';

const ROUNDS = Number(process.argv[2] ?? 3);
const LOCKS_S = [1, 2, 5];

interface Answer {
  status: number;
  location: string | null;
  body: { output?: { status?: string; dest_url?: string }; calls?: Call[] };
}
interface Call {
  function: string;
  target: string;
  end: number | null;
}

async function json(url: string, method = 'GET', body?: unknown, async = true): Promise<Answer> {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(async ? { prefer: 'respond-async' } : {}) },
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

/** A scenario: what it prepares (synchronously), the call held, and the operation it submits. */
interface Scenario {
  name: string;
  held: string;
  prepare(base: string, userid: string): Promise<void>;
  submit(base: string, userid: string): Promise<Answer>;
}

const sync = async (base: string, path: string, body: object) => {
  const r = await json(`${base}${path}`, 'POST', body, false);
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
};
const guest = (base: string, userid: string, disks: object[] = []) =>
  sync(base, '/guests', { guest: { userid, vcpus: 1, memory: 512, disk_list: disks } });
const act = (base: string, userid: string, body: object) =>
  json(`${base}/guests/${userid}/action`, 'POST', body);
const rootDisk = [{ size: '10', is_boot_disk: true }];

const SCENARIOS: Scenario[] = [
  {
    name: 'create',
    held: 'Image_Disk_Create_DM',
    prepare: () => Promise.resolve(),
    submit: (base, userid) =>
      json(`${base}/guests`, 'POST', {
        guest: { userid, vcpus: 1, memory: 512, disk_list: [{ size: '1g' }] },
      }),
  },
  {
    name: 'deploy',
    held: 'unpackdiskimage',
    prepare: (base, userid) => guest(base, userid, rootDisk),
    submit: (base, userid) => act(base, userid, { action: 'deploy', image: 'bench-img' }),
  },
  {
    name: 'capture',
    held: 'creatediskimage',
    prepare: async (base, userid) => {
      await guest(base, userid, rootDisk);
      await sync(base, `/guests/${userid}/action`, { action: 'deploy', image: 'bench-img' });
    },
    submit: (base, userid) =>
      act(base, userid, { action: 'capture', image: `cap-${userid.toLowerCase()}` }),
  },
  {
    name: 'migrate',
    held: 'VMRELOCATE',
    prepare: async (base, userid) => {
      await guest(base, userid);
      await sync(base, `/guests/${userid}/action`, { action: 'start' });
    },
    submit: (base, userid) =>
      act(base, userid, { action: 'live_migrate_vm', destination: 'HVSIM2', lgr_action: 'move' }),
  },
];

/** The sample image, uploaded and imported as `bench-img`. */
async function importImage(base: string): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const c of sampleImageStream({ cylinders: 10, label: SAMPLE_OS_RELEASE, level: 6 }))
    chunks.push(c as Buffer);
  const image = Buffer.concat(chunks);
  const up = await fetch(`${base}/files`, {
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream' },
    body: image,
  });
  const file = ((await up.json()) as Answer['body']).output!;
  await sync(base, '/images', {
    image: {
      image_name: 'bench-img',
      url: file.dest_url,
      image_meta: {
        os_version: 'rhel9.0',
        md5sum: createHash('md5').update(image).digest('hex'),
      },
    },
  });
}

async function main(): Promise<void> {
  console.log('scenario  lock_s  round  recovery_ms (kill -9 → operation ended)  status');
  for (const lock of LOCKS_S) {
    const stack = await startBenchStack(process.env, {
      WORKER_LOCK_S: String(lock),
      RECONCILE_INTERVAL_S: '1',
      // the held calls last 1 s: a resumed probe that finds nothing is believed once a call
      // can no longer land, 5 s (the call timeout) + 5 s (its connect) after the step began
      // (the default, 250 s, would measure the wait rather than the recovery)
      HV_CALL_TIMEOUT_S: '5',
    });
    const sim = stack.env.HV_SIMULATOR_URL!;
    let worker = await stack.startWorker();
    try {
      await importImage(stack.base);
      for (const [s, scenario] of SCENARIOS.entries()) {
        for (let round = 0; round < ROUNDS; round++) {
          const userid = `BF${lock}${s}${round}`;
          await scenario.prepare(stack.base, userid);
          await json(`${sim}/admin/faults`, 'POST', {
            function: scenario.held,
            target: userid,
            hang_ms: 1000,
          });
          const res = await scenario.submit(stack.base, userid);
          await until(async () => {
            const calls = (await json(`${sim}/admin/calls`)).body.calls ?? [];
            const c = calls.find((x) => x.target === userid && x.function === scenario.held);
            return c && c.end === null ? true : undefined;
          });
          const killedAt = Date.now();
          worker.proc.kill('SIGKILL');
          worker = await stack.startWorker();
          const status = await until(async () => {
            const st = (await json(`${stack.base}${res.location}`)).body.output?.status ?? '';
            return ['succeeded', 'failed', 'cancelled', 'needs_attention'].includes(st)
              ? st
              : undefined;
          });
          console.log(
            `${scenario.name.padEnd(8)}  ${String(lock).padStart(6)}  ${String(round).padStart(5)}  ${String(Date.now() - killedAt).padStart(11)}  ${status}`,
          );
        }
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
