import { Injectable } from '@nestjs/common';
import { Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The metrics of this worker process: its own registry (as the api's), so a worker and an api
 * in one process (the tests) never share a metric; with the default process metrics. Its own
 * names begin `hvo_worker_`, apart from the api's `hvo_`.
 */
@Injectable()
export class WorkerMetricsRegistry {
  readonly registry = new Registry();

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /** Every metric in the Prometheus text format. */
  scrape(): Promise<string> {
    return this.registry.metrics();
  }
}
