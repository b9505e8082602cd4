import { Injectable } from '@nestjs/common';
import { Registry, collectDefaultMetrics } from 'prom-client';

export { withinScrapeDeadline } from '#telemetry';

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
