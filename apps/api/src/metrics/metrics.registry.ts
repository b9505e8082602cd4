import { Injectable } from '@nestjs/common';
import { Registry, collectDefaultMetrics } from 'prom-client';

/** Longest a scrape waits for one source (database, Redis) before leaving its series out. */
const SOURCE_DEADLINE_MS = 3000;

/**
 * The metrics of this api process: its own registry rather than prom-client's global one, so
 * several applications in one process (tests) do not collide; with the default process metrics.
 */
@Injectable()
export class MetricsRegistry {
  readonly registry = new Registry(); // Prometheus text format

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /** Every metric in the Prometheus text format. */
  scrape(): Promise<string> {
    return this.registry.metrics();
  }
}

/** `p`, or a rejection once the scrape deadline has passed. */
export function withinScrapeDeadline<T>(p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer in ${SOURCE_DEADLINE_MS} ms`)),
      SOURCE_DEADLINE_MS,
    );
  });
  return Promise.race([p, deadline]).finally(() => clearTimeout(timer));
}
