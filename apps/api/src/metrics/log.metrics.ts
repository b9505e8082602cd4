import { Injectable } from '@nestjs/common';
import { Counter } from 'prom-client';
import { droppedLogLines } from '#logging';
import { MetricsRegistry } from './metrics.registry.js';

/**
 * `hvo_log_lines_dropped_total`: lines the api dropped because its output was not read (its
 * line writer holds 1 MiB for a reader that stalls, line-writer.ts). Seen at a scrape while the
 * reader is still away, when the line that tells of them cannot reach it yet.
 */
@Injectable()
export class LogMetrics {
  constructor(metrics: MetricsRegistry) {
    let counted = 0;
    new Counter({
      name: 'hvo_log_lines_dropped_total',
      help: 'Log lines this api dropped because its output was not read fast enough.',
      registers: [metrics.registry],
      collect() {
        const dropped = droppedLogLines();
        this.inc(dropped - counted);
        counted = dropped;
      },
    });
  }
}
