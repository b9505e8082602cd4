// Loaded into the api by the hold bench (`node --import`): the api's longest event-loop stall,
// by monitorEventLoopDelay, and its V8 heap, written to a file the bench's watcher reads.
// Not prom-client's `nodejs_eventloop_lag_max_seconds`: its histogram is reset at every scrape,
// and a Node histogram reset during a stall drops that stall (the delay is measured from the
// timer tick before the reset), so a stall that held a /metrics scrape, as most long ones did
// while the bench scraped every second, was never counted. Nothing here resets mid-load: the
// watcher starts a watch, while the api is idle, by writing `startFile` (a signal would be
// Nest's: its shutdown hooks close the api on SIGUSR2 too).
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** What the file holds (JSON). */
export interface LoopFigures {
  /** The longest delay since the watch began (ms). */
  maxStallMs: number;
  /** Each stall over 200 ms: when (ms after the watch began) and how long (ms). */
  stallsOver200: [number, number][];
  heapTotalBytes: number;
  heapUsedBytes: number;
}

/** Where the process with `pid` writes its figures, in `dir`. */
export const loopFiguresFile = (dir: string, pid: number): string => join(dir, `loop-${pid}.json`);

/** The file that, once written beside `figuresFile`, starts the watch over (and is removed). */
export const startFile = (figuresFile: string): string => `${figuresFile}.start`;

const dir = process.env.BENCH_LOOP_DIR;
if (dir) {
  const file = loopFiguresFile(dir, process.pid);
  const start = startFile(file);
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let began = performance.now();
  let stalls: [number, number][] = [];
  let peakHeapTotal = 0;
  let peakHeapUsed = 0;
  // the same delay as the histogram's, with when it happened: a 10 ms tick arriving late
  let tick = performance.now();
  setInterval(() => {
    const now = performance.now();
    const late = now - tick - 10;
    if (late > 200) stalls.push([Math.round(tick - began), Math.round(late)]);
    tick = now;
  }, 10).unref();
  setInterval(() => {
    if (existsSync(start)) {
      histogram.reset();
      began = tick = performance.now();
      stalls = [];
      peakHeapTotal = peakHeapUsed = 0;
      rmSync(start, { force: true });
    }
    const { heapTotal, heapUsed } = process.memoryUsage();
    peakHeapTotal = Math.max(peakHeapTotal, heapTotal);
    peakHeapUsed = Math.max(peakHeapUsed, heapUsed);
    const figures: LoopFigures = {
      maxStallMs: histogram.max / 1e6,
      stallsOver200: stalls,
      heapTotalBytes: peakHeapTotal,
      heapUsedBytes: peakHeapUsed,
    };
    writeFileSync(file, JSON.stringify(figures));
  }, 200).unref();
}
