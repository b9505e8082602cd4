// The hold bench's watcher, run in a worker thread: it probes the api from an event loop of its
// own, since the bench's loop, busy with thousands of sockets, would otherwise add its own
// delays to the probe times it measures. Samples the api's RSS every 200 ms, reads the api's
// longest loop delay from /metrics every second (prom-client's monitorEventLoopDelay keeps the
// maximum until it is read, so the first read, before the load, only resets it), and times a
// /health/live probe every 100 ms. Probes and scrapes keep their connections open: a new one
// would wait in the api's accept queue behind the load's, which measures the kernel's backlog
// rather than the api.
import { parentPort, Worker, workerData } from 'node:worker_threads';
import { Agent, fetch } from 'undici';
import { rssMiB } from './process-stats.js';

export interface WatchSettings {
  base: string;
  metricsAuth: string;
  pid: number;
}

export interface WatchFigures {
  peakRssMiB: number;
  /** The largest V8 heap seen (prom-client's figures, read with the stall): committed / in use. */
  peakHeapTotalMiB: number;
  peakHeapUsedMiB: number;
  maxStallMs: number;
  slowestProbeMs: number;
  probes: number;
  failedProbes: number;
  /** When (s after the watch began) a 5 s window held a stall over 200 ms, and how long. */
  stallsOver200: [number, number][];
  /** When (s) a probe took over 250 ms, and how long. */
  slowProbes: [number, number][];
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function watch(s: WatchSettings): Promise<void> {
  let running = true;
  parentPort!.once('message', () => (running = false));
  const dispatcher = new Agent({ keepAliveTimeout: 600_000, keepAliveMaxTimeout: 600_000 });
  const f: WatchFigures = {
    peakRssMiB: rssMiB(s.pid),
    peakHeapTotalMiB: 0,
    peakHeapUsedMiB: 0,
    maxStallMs: 0,
    slowestProbeMs: 0,
    probes: 0,
    failedProbes: 0,
    stallsOver200: [],
    slowProbes: [],
  };
  const t0 = performance.now();
  const at = () => Math.round((performance.now() - t0) / 100) / 10;
  const scrapeStall = async () => {
    try {
      const res = await fetch(`${s.base}/metrics`, {
        headers: { authorization: s.metricsAuth },
        dispatcher,
      });
      const text = await res.text();
      const mib = (name: string) =>
        Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1]) / 2 ** 20;
      f.peakHeapTotalMiB = Math.max(f.peakHeapTotalMiB, mib('nodejs_heap_size_total_bytes') || 0);
      f.peakHeapUsedMiB = Math.max(f.peakHeapUsedMiB, mib('nodejs_heap_size_used_bytes') || 0);
      const max = Number(/^nodejs_eventloop_lag_max_seconds (\S+)/m.exec(text)?.[1]);
      if (!Number.isFinite(max)) return;
      f.maxStallMs = Math.max(f.maxStallMs, max * 1000);
      if (max > 0.2) f.stallsOver200.push([at(), Math.round(max * 1000)]);
    } catch {
      // a scrape that fails is seen in the probe's figure
    }
  };
  const rss = async () => {
    while (running) {
      f.peakRssMiB = Math.max(f.peakRssMiB, rssMiB(s.pid));
      await pause(200);
    }
  };
  const stalls = async () => {
    while (running) {
      await pause(1000);
      await scrapeStall();
    }
  };
  const probe = async () => {
    while (running) {
      const started = performance.now();
      try {
        const res = await fetch(`${s.base}/health/live`, { dispatcher });
        await res.arrayBuffer();
        if (!res.ok) f.failedProbes++;
      } catch {
        f.failedProbes++;
      }
      const ms = performance.now() - started;
      f.slowestProbeMs = Math.max(f.slowestProbeMs, ms);
      if (ms > 250) f.slowProbes.push([at(), Math.round(ms)]);
      f.probes++;
      await pause(100);
    }
  };
  // the first read resets the maximum: what came before the load is not counted
  const reset = { ...f };
  await scrapeStall();
  Object.assign(f, reset);
  await fetch(`${s.base}/health/live`, { dispatcher }).then((r) => r.arrayBuffer());
  parentPort!.postMessage('ready');
  await Promise.all([rss(), stalls(), probe()]);
  parentPort!.postMessage(f);
  await dispatcher.close();
}

/**
 * Starts the watcher thread; resolves once it watches (its connections open, the loop-delay
 * maximum reset); `stop` ends it and resolves with what it saw.
 */
export async function startWatcher(s: WatchSettings): Promise<{ stop(): Promise<WatchFigures> }> {
  const thread = new Worker(new URL(import.meta.url), { workerData: s });
  const messages: unknown[] = [];
  let wake = () => {};
  thread.on('message', (m) => {
    messages.push(m);
    wake();
  });
  const failed = new Promise<never>((_, reject) => thread.once('error', reject));
  const next = async (): Promise<unknown> => {
    while (!messages.length) await Promise.race([new Promise<void>((r) => (wake = r)), failed]);
    return messages.shift();
  };
  await next(); // 'ready'
  const figures = next() as Promise<WatchFigures>;
  return {
    async stop() {
      thread.postMessage('stop');
      const f = await figures;
      await thread.terminate();
      return f;
    },
  };
}

if (parentPort) void watch(workerData as WatchSettings);
