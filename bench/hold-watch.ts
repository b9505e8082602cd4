// The hold bench's watcher, run in a worker thread: it probes the api from an event loop of its
// own, since the bench's loop, busy with thousands of sockets, would otherwise add its own
// delays to the probe times it measures. Samples the api's RSS every 200 ms, reads the api's
// longest loop stall and V8 heap from the file its loop-delay monitor writes
// (loop-delay-monitor.ts, loaded into the api), and times a /health/live probe every 100 ms.
// Probes keep their connection open: a new one would wait in the api's accept queue behind the
// load's, which measures the kernel's backlog rather than the api.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parentPort, Worker, workerData } from 'node:worker_threads';
import { Agent, fetch } from 'undici';
import { type LoopFigures, startFile } from './loop-delay-monitor.js';
import { rssMiB } from './process-stats.js';

export interface WatchSettings {
  base: string;
  pid: number;
  /** The file the api's loop-delay monitor writes (loopFiguresFile). */
  loopFile: string;
}

export interface WatchFigures {
  peakRssMiB: number;
  /** The largest V8 heap seen (the monitor's figures): committed / in use. */
  peakHeapTotalMiB: number;
  peakHeapUsedMiB: number;
  maxStallMs: number;
  slowestProbeMs: number;
  probes: number;
  failedProbes: number;
  /** When (s after the watch began) a stall over 200 ms began, and how long it was (ms). */
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
  const readLoop = () => {
    try {
      const l = JSON.parse(readFileSync(s.loopFile, 'utf8')) as LoopFigures;
      f.maxStallMs = l.maxStallMs;
      f.stallsOver200 = l.stallsOver200.map(([ms, long]) => [Math.round(ms / 100) / 10, long]);
      f.peakHeapTotalMiB = l.heapTotalBytes / 2 ** 20;
      f.peakHeapUsedMiB = l.heapUsedBytes / 2 ** 20;
    } catch {
      // a file caught mid-write: the next read has it
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
      readLoop();
    }
    await pause(250); // the monitor's last write
    readLoop();
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
  // the monitor starts over (the api is idle): what came before the load is not counted
  writeFileSync(startFile(s.loopFile), '');
  while (existsSync(startFile(s.loopFile))) await pause(50);
  await pause(250); // a write after the start
  await fetch(`${s.base}/health/live`, { dispatcher }).then((r) => r.arrayBuffer());
  parentPort!.postMessage('ready');
  await Promise.all([rss(), stalls(), probe()]);
  parentPort!.postMessage(f);
  await dispatcher.close();
}

/**
 * Starts the watcher thread; resolves once it watches (its connection open, the api's loop
 * monitor started over); `stop` ends it and resolves with what it saw.
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
