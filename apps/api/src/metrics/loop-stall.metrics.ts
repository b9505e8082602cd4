import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { MetricsRegistry } from './metrics.registry.js';

/** How often the loop is expected to come round to the watch's tick. */
const TICK_MS = 10;

/**
 * The longest event-loop stall since it was last read: how late a 10 ms tick came. Read by a
 * scrape that was itself held by a stall, it answers what came before; the stall is counted in
 * full by the tick that ends it, so the next read has it. (prom-client's
 * `nodejs_eventloop_lag_max_seconds` resets its histogram at the scrape, which drops such a
 * stall altogether: docs/decisions/0007.)
 */
export class StallWatch {
  private last: number;
  private longest = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly now: () => number = () => performance.now()) {
    this.last = now();
    this.timer = setInterval(() => this.tick(), TICK_MS);
    this.timer.unref();
  }

  /** The loop came round (the interval calls it; tests too). */
  tick(): void {
    const t = this.now();
    this.longest = Math.max(this.longest, t - this.last - TICK_MS);
    this.last = t;
  }

  /** The longest stall (ms) since the last call; starts over. */
  take(): number {
    const longest = this.longest;
    this.longest = 0;
    return longest;
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

/** `hvo_event_loop_stall_max_seconds`: the api's longest loop stall between two scrapes. */
@Injectable()
export class LoopStallMetrics implements OnApplicationShutdown {
  private readonly watch = new StallWatch();

  constructor(metrics: MetricsRegistry) {
    const watch = this.watch;
    new Gauge({
      name: 'hvo_event_loop_stall_max_seconds',
      help:
        'Longest event-loop stall of this api process since the previous scrape (how late a 10 ms ' +
        'tick came); a stall the scrape waited through is in the next scrape, in full.',
      registers: [metrics.registry],
      collect() {
        this.set(watch.take() / 1000);
      },
    });
  }

  onApplicationShutdown(): void {
    this.watch.stop();
  }
}
