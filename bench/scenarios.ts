// What `npm run bench` measures on a running stack. Each scenario returns figures; none asserts.
import { createHash } from 'node:crypto';
import { SAMPLE_OS_RELEASE, sampleImageStream } from '#images';
import type { BenchStack } from './bench-stack.js';
import { BenchClient, inBatches, percentile } from './bench-client.js';
import { type LoadResult, bestOf } from './load.js';

export interface LoadSettings {
  connections: number;
  seconds: number;
  runs: number;
  /** CPU seconds of the stack's processes so far, for the CPU per request (load.ts). */
  cpuOf?: () => number;
  /** CPU seconds of the api's main thread so far (load.ts). */
  loopCpuOf?: () => number;
}

export const guestIds = (n: number, prefix: string): string[] =>
  Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(4, '0')}`);

/** Defines `userids` (no disks) through the API, a few at a time. */
export async function createGuests(
  client: BenchClient,
  userids: readonly string[],
  disks: object[] = [],
): Promise<void> {
  await inBatches(userids, 20, async (userid) => {
    await client.must('POST', '/guests', {
      guest: { userid, vcpus: 1, memory: 512, disk_list: disks },
    });
  });
}

/** GET / (the version) with the token: the cheapest authenticated route. */
export function versionRoute(client: BenchClient, s: LoadSettings): Promise<LoadResult> {
  return bestOf(s.runs, { url: `${client.base}/`, headers: client.headers, ...s });
}

/** GET /guests/{id}/power_state over `userids`: a database read plus a hypervisor query. */
export function powerState(
  client: BenchClient,
  userids: readonly string[],
  s: LoadSettings,
): Promise<LoadResult> {
  return bestOf(s.runs, {
    url: client.base,
    headers: client.headers,
    ...s,
    requestsFor: (c) => [
      { method: 'GET', path: `/guests/${userids[c % userids.length]}/power_state` },
    ],
  });
}

/** POST action start, waiting for the answer: one guest per client, an operation per request. */
export function submitAndWait(
  client: BenchClient,
  userids: readonly string[],
  s: LoadSettings,
): Promise<LoadResult> {
  return bestOf(s.runs, {
    url: client.base,
    headers: { ...client.headers, 'content-type': 'application/json' },
    ...s,
    requestsFor: (c) => [
      {
        method: 'POST',
        path: `/guests/${userids[c % userids.length]}/action`,
        body: JSON.stringify({ action: 'start' }),
      },
    ],
  });
}

/** Time from submission (row created) to a worker starting the operation, over `n` async submits. */
export async function enqueueToStart(
  client: BenchClient,
  userids: readonly string[],
  n: number,
): Promise<{ p50: number; p99: number }> {
  const ids: string[] = [];
  await inBatches(
    Array.from({ length: n }, (_, i) => i),
    20,
    async (i) => {
      const a = await client.call(
        'POST',
        `/guests/${userids[i % userids.length]}/action`,
        { action: 'start' },
        { prefer: 'respond-async' },
      );
      ids.push(a.headers.get('location')!);
    },
  );
  const delays: number[] = [];
  await inBatches(ids, 20, async (location) => {
    const op = (await client.must('GET', `${location}?wait=30`)).body.output as {
      created_at: string;
      started_at: string | null;
    };
    if (op.started_at) delays.push(Date.parse(op.started_at) - Date.parse(op.created_at));
  });
  delays.sort((a, b) => a - b);
  return { p50: percentile(delays, 50), p99: percentile(delays, 99) };
}

export async function importSample(client: BenchClient, name: string): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const c of sampleImageStream({ cylinders: 10, label: SAMPLE_OS_RELEASE, level: 6 }))
    chunks.push(c as Buffer);
  const image = Buffer.concat(chunks);
  const up = await fetch(`${client.base}/files`, {
    method: 'PUT',
    headers: { ...client.headers, 'content-type': 'application/octet-stream' },
    body: image,
  });
  const file = ((await up.json()) as { output: { dest_url: string } }).output;
  await client.must('POST', '/images', {
    image: {
      image_name: name,
      url: file.dest_url,
      image_meta: { os_version: 'rhel9.0', md5sum: createHash('md5').update(image).digest('hex') },
    },
  });
}

export interface DeployFigures {
  submitted: number;
  accepted: number;
  refused: Record<string, number>;
  succeeded: number;
  wallS: number;
}

/** `n` deploys submitted at once (respond-async) on a realistic-latency stack, then all awaited. */
export async function concurrentDeploys(stack: BenchStack, n: number): Promise<DeployFigures> {
  const client = await BenchClient.for(stack);
  await importSample(client, 'bench-img');
  const userids = guestIds(n, 'D');
  await createGuests(client, userids, [{ size: '10', is_boot_disk: true }]);
  const t0 = performance.now();
  const refused: Record<string, number> = {};
  const locations: string[] = [];
  await Promise.all(
    userids.map(async (userid) => {
      const a = await client.call(
        'POST',
        `/guests/${userid}/action`,
        { action: 'deploy', image: 'bench-img' },
        { prefer: 'respond-async' },
      );
      if (a.status === 202) locations.push(a.headers.get('location')!);
      else refused[a.status] = (refused[a.status] ?? 0) + 1;
    }),
  );
  let succeeded = 0;
  await inBatches(locations, 50, async (location) => {
    for (;;) {
      const op = (await client.must('GET', `${location}?wait=50`)).body.output as {
        status: string;
      };
      if (op.status === 'succeeded') succeeded++;
      if (['succeeded', 'failed', 'cancelled'].includes(op.status)) return;
    }
  });
  return {
    submitted: n,
    accepted: locations.length,
    refused,
    succeeded,
    wallS: (performance.now() - t0) / 1000,
  };
}
