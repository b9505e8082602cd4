// Benchmark (issue #29 item 1): N synchronous operations at once, each client on its own
// connection, that take long, so most wait in the queue: starts, each held 5 s by the simulator
// (a hang fault on Image_Activate), or deploys on the simulator's realistic latency profile
// (`--action deploy`); the api at default settings but SYNC_WAIT_MAX_S. Prints what the clients
// got, their latency, the api's peak RSS, its longest event-loop stall and the slowest health
// probe. Prints numbers; asserts nothing. `npm run bench -- --only hold --n 10000
// [--action deploy]`.
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBenchStack } from './bench-stack.js';
import { BenchClient, percentile } from './bench-client.js';
import { startWatcher, type WatchFigures } from './hold-watch.js';
import { loopFiguresFile } from './loop-delay-monitor.js';
import { rssMiB } from './process-stats.js';
import { createGuests, guestIds, importSample } from './scenarios.js';

export interface HoldSettings {
  /** What is sent: starts held by the simulator, or deploys at its realistic latency. */
  action: 'start' | 'deploy';
  /** Operations sent at once. */
  n: number;
  /** Guests they are spread over (a guest's operations run one after another). */
  guests: number;
  /** SYNC_WAIT_MAX_S of the api: how long a start is waited for before its 202. */
  syncWaitS: number;
  /** How long the simulator holds each start (starts only). */
  holdMs: number;
  /** Long-polls (`GET /operations/{id}?wait=`) sent at once after the starts; 0: none. */
  longPolls: number;
  /** How long each long-poll asks to be held. */
  longPollS: number;
}

interface Answered {
  status: number;
  ms: number;
  /** The Location header, or '' without one. */
  location: string;
  /** A socket error's code (status -1). */
  error?: string;
}

/** One request on a connection of its own; resolves with its status, or -1 on a socket error. */
function send(
  url: string,
  method: 'GET' | 'POST',
  headers: Record<string, string>,
  body?: string,
): Promise<Answered> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const failed = (e: NodeJS.ErrnoException) =>
      resolve({ status: -1, ms: performance.now() - t0, location: '', error: e.code ?? e.message });
    const req = httpRequest(url, { method, agent: false, headers }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          ms: performance.now() - t0,
          location: typeof res.headers.location === 'string' ? res.headers.location : '',
        }),
      );
      res.on('error', failed);
    });
    req.on('error', failed);
    req.end(body);
  });
}

/** Counts by status, latency percentiles: the rows every phase prints. */
function summary(answers: Answered[]): [string, string][] {
  const byStatus = new Map<string, number>();
  for (const a of answers) {
    const k = a.status === -1 ? `socket error ${a.error}` : String(a.status);
    byStatus.set(k, (byStatus.get(k) ?? 0) + 1);
  }
  const counts = [...byStatus.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, n]) => `${n} × ${k}`)
    .join(', ');
  const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
  return [
    ['answers', counts],
    [
      'latency p50 / p99 / max',
      `${percentile(ms, 50).toFixed(0)} / ${percentile(ms, 99).toFixed(0)} / ${ms.at(-1)?.toFixed(0)} ms`,
    ],
  ];
}

/** `[s, ms]` pairs as `12.3 s: 450 ms, …` (the first 12). */
const timeline = (pairs: [number, number][]): string =>
  pairs.length
    ? pairs
        .slice(0, 12)
        .map(([t, ms]) => `${t} s: ${ms} ms`)
        .join(', ') + (pairs.length > 12 ? ` (+${pairs.length - 12})` : '')
    : 'none';

/** What the watcher saw while a phase ran. */
function watched(f: WatchFigures): [string, string][] {
  return [
    ['api peak RSS', `${f.peakRssMiB.toFixed(0)} MiB`],
    [
      'api largest V8 heap, committed / in use',
      `${f.peakHeapTotalMiB.toFixed(0)} / ${f.peakHeapUsedMiB.toFixed(0)} MiB`,
    ],
    ['api longest event-loop stall', `${f.maxStallMs.toFixed(0)} ms`],
    [
      'slowest /health/live answer',
      `${f.slowestProbeMs.toFixed(0)} ms (${f.probes} probes, ${f.failedProbes} failed)`,
    ],
    ['stalls over 200 ms (when: how long)', timeline(f.stallsOver200)],
    ['probes over 250 ms (when: time)', timeline(f.slowProbes)],
  ];
}

/** Runs the held starts (or deploys) on a stack of its own; resolves with the rows to print. */
export async function heldOperations(s: HoldSettings): Promise<[string, string][]> {
  const deploy = s.action === 'deploy';
  // the api's loop stalls and heap, from a monitor loaded into it (loop-delay-monitor.ts)
  const loopDir = mkdtempSync(join(tmpdir(), 'hvo-hold-loop-'));
  const stack = await startBenchStack(
    process.env,
    { AUTH: 'token', SYNC_WAIT_MAX_S: String(s.syncWaitS), BENCH_LOOP_DIR: loopDir },
    {
      latencyProfile: deploy ? 'realistic' : 'fast',
      nodeArgs: [`--import=${new URL('./loop-delay-monitor.js', import.meta.url).href}`],
    },
  );
  const pid = stack.api.proc.pid!;
  try {
    await stack.startWorker();
    const client = await BenchClient.for(stack);
    const userids = guestIds(s.guests, 'H');
    if (deploy) {
      await importSample(client, 'hold-img');
      await createGuests(client, userids, [{ size: '10', is_boot_disk: true }]);
    } else {
      await createGuests(client, userids);
      const sim = stack.env.HV_SIMULATOR_URL!;
      const fault = await fetch(`${sim}/admin/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          function: 'Image_Activate',
          target: '*',
          hang_ms: s.holdMs,
          times: 0,
        }),
      });
      if (!fault.ok) throw new Error(`simulator refused the hold fault: ${await fault.text()}`);
    }

    // watched from a thread of its own while the load runs
    const watchSettings = { base: stack.base, pid, loopFile: loopFiguresFile(loopDir, pid) };
    const rssBefore = rssMiB(pid);
    let watcher = await startWatcher(watchSettings);
    const t0 = performance.now();
    // all at once: the sockets open as fast as this process can make them
    const body = JSON.stringify(
      deploy ? { action: 'deploy', image: 'hold-img' } : { action: 'start' },
    );
    const headers = { ...client.headers, 'content-type': 'application/json' };
    const answers = await Promise.all(
      Array.from({ length: s.n }, (_, i) =>
        send(`${stack.base}/guests/${userids[i % userids.length]}/action`, 'POST', headers, body),
      ),
    );
    const wallS = (performance.now() - t0) / 1000;
    const accepted = answers.filter((a) => a.status === 202);
    const rows: [string, string][] = [
      [`${s.action}s sent at once (own connection each)`, String(s.n)],
      [
        `guests / ${deploy ? 'latency' : 'hold per start'} / SYNC_WAIT_MAX_S`,
        `${s.guests} / ${deploy ? 'realistic profile' : `${s.holdMs} ms`} / ${s.syncWaitS} s`,
      ],
      ...summary(answers),
      ['202 with Location', `${accepted.filter((a) => a.location).length} of ${accepted.length}`],
      ['wall time until every client answered', `${wallS.toFixed(1)} s`],
      ['api RSS before', `${rssBefore.toFixed(0)} MiB`],
      ...watched(await watcher.stop()),
    ];
    // The starts still queued keep the api's queue busy: the last start sent waits at the end
    // of its guest's line, open for longer than the long-polls ask to wait.
    const open = accepted.findLast((a) => a.location)?.location;
    if (!s.longPolls) return rows;
    if (!open) return [...rows, ['long-polls', 'not run: no start was answered 202']];
    const rssBeforePolls = rssMiB(pid);
    watcher = await startWatcher(watchSettings);
    const polls = await Promise.all(
      Array.from({ length: s.longPolls }, () =>
        send(`${stack.base}${open}?wait=${s.longPollS}`, 'GET', client.headers),
      ),
    );
    return [
      ...rows,
      [`long-polls sent at once on one open operation (?wait=${s.longPollS})`, String(s.longPolls)],
      ...summary(polls).map(([k, v]): [string, string] => [`long-polls: ${k}`, v]),
      ['long-polls: api RSS before', `${rssBeforePolls.toFixed(0)} MiB`],
      ...watched(await watcher.stop()).map(([k, v]): [string, string] => [`long-polls: ${k}`, v]),
    ];
  } finally {
    await stack.close();
    rmSync(loopDir, { recursive: true, force: true });
  }
}
