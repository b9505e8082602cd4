// Benchmark (issue #29 item 1): N synchronous starts at once, each client on its own connection,
// every start held 5 s by the simulator (a hang fault on Image_Activate), so most wait in the
// queue; the api at default settings but SYNC_WAIT_MAX_S. Prints what the clients got, their
// latency, the api's peak RSS, its longest event-loop stall and the slowest health probe.
// Prints numbers; asserts nothing. `npm run bench -- --only hold --n 10000`.
import { request as httpRequest } from 'node:http';
import { startBenchStack } from './bench-stack.js';
import { adminBasicAuth, BenchClient, percentile } from './bench-client.js';
import { rssMiB } from './process-stats.js';
import { createGuests, guestIds } from './scenarios.js';

export interface HoldSettings {
  /** Starts sent at once. */
  n: number;
  /** Guests they are spread over (a guest's operations run one after another). */
  guests: number;
  /** SYNC_WAIT_MAX_S of the api: how long a start is waited for before its 202. */
  syncWaitS: number;
  /** How long the simulator holds each start. */
  holdMs: number;
}

interface Answered {
  status: number;
  ms: number;
  location: boolean;
}

/** One POST on a connection of its own; resolves with its status, or -1 on a socket error. */
function start(base: string, path: string, headers: Record<string, string>): Promise<Answered> {
  const t0 = performance.now();
  const body = JSON.stringify({ action: 'start' });
  return new Promise((resolve) => {
    const req = httpRequest(
      `${base}${path}`,
      {
        method: 'POST',
        agent: false,
        headers: { ...headers, 'content-type': 'application/json' },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - t0,
            location: typeof res.headers.location === 'string',
          }),
        );
        res.on('error', () => resolve({ status: -1, ms: performance.now() - t0, location: false }));
      },
    );
    req.on('error', () => resolve({ status: -1, ms: performance.now() - t0, location: false }));
    req.end(body);
  });
}

/** Runs the held starts on a stack of its own; resolves with the rows to print. */
export async function heldStarts(s: HoldSettings): Promise<[string, string][]> {
  const stack = await startBenchStack(process.env, {
    AUTH: 'token',
    SYNC_WAIT_MAX_S: String(s.syncWaitS),
  });
  const pid = stack.api.proc.pid!;
  try {
    await stack.startWorker();
    const client = await BenchClient.for(stack);
    const userids = guestIds(s.guests, 'H');
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

    // watchers while the load runs: RSS, the api's own loop-delay maximum (prom-client's
    // monitorEventLoopDelay, reset at each scrape), and a health probe's answer time
    const metricsAuth = adminBasicAuth(stack.cfg.TOKEN_PATH);
    let running = true;
    let peakRss = rssMiB(pid);
    let maxStallMs = 0;
    let slowestProbeMs = 0;
    let probes = 0;
    const rssWatch = (async () => {
      while (running) {
        peakRss = Math.max(peakRss, rssMiB(pid));
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    const loopWatch = (async () => {
      while (running) {
        try {
          const text = await (
            await fetch(`${stack.base}/metrics`, { headers: { authorization: metricsAuth } })
          ).text();
          const max = Number(/^nodejs_eventloop_lag_max_seconds (\S+)/m.exec(text)?.[1]);
          if (Number.isFinite(max)) maxStallMs = Math.max(maxStallMs, max * 1000);
        } catch {
          // a scrape that fails is seen in the probe's figure
        }
        await new Promise((r) => setTimeout(r, 1000));
      }
    })();
    const probeWatch = (async () => {
      while (running) {
        const t0 = performance.now();
        try {
          await (await fetch(`${stack.base}/health/live`)).arrayBuffer();
        } catch {
          // counted as slow as it took
        }
        slowestProbeMs = Math.max(slowestProbeMs, performance.now() - t0);
        probes++;
        await new Promise((r) => setTimeout(r, 100));
      }
    })();

    const t0 = performance.now();
    // all at once: the sockets open as fast as this process can make them
    const answers = await Promise.all(
      Array.from({ length: s.n }, (_, i) =>
        start(stack.base, `/guests/${userids[i % userids.length]}/action`, client.headers),
      ),
    );
    const wallS = (performance.now() - t0) / 1000;
    running = false;
    await Promise.all([rssWatch, loopWatch, probeWatch]);

    const byStatus = new Map<number, number>();
    for (const a of answers) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
    const counts = [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([st, n]) => `${n} × ${st === -1 ? 'socket error' : st}`)
      .join(', ');
    const accepted = answers.filter((a) => a.status === 202);
    const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
    return [
      ['starts sent at once (own connection each)', String(s.n)],
      [
        'guests / hold per start / SYNC_WAIT_MAX_S',
        `${s.guests} / ${s.holdMs} ms / ${s.syncWaitS} s`,
      ],
      ['answers', counts],
      ['202 with Location', `${accepted.filter((a) => a.location).length} of ${accepted.length}`],
      [
        'latency p50 / p99 / max',
        `${percentile(ms, 50).toFixed(0)} / ${percentile(ms, 99).toFixed(0)} / ${ms.at(-1)?.toFixed(0)} ms`,
      ],
      ['wall time until every client answered', `${wallS.toFixed(1)} s`],
      ['api peak RSS', `${peakRss.toFixed(0)} MiB`],
      ['api longest event-loop stall', `${maxStallMs.toFixed(0)} ms`],
      ['slowest /health/live answer', `${slowestProbeMs.toFixed(0)} ms (${probes} probes)`],
    ];
  } finally {
    await stack.close();
  }
}
