import { Injectable, Logger } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { DriftStatus } from '#drift';
import { MetricsRegistry, withinScrapeDeadline } from './metrics.registry.js';

/**
 * The drift report (issue #58): items by kind as the last periodic check (drift.check, every
 * DRIFT_CHECK_INTERVAL_S) found them, forgotten ones left out, and when that check ran. No
 * series before a check has run (the check is off by default).
 */
@Injectable()
export class DriftMetrics {
  private readonly log = new Logger(DriftMetrics.name);

  constructor(metrics: MetricsRegistry, status: DriftStatus) {
    const registers = [metrics.registry];
    const read = () =>
      withinScrapeDeadline(status.last()).catch((e: unknown) => {
        this.log.warn(`drift check not read: ${(e as Error).message}`);
        return null;
      });
    const items: Gauge<'kind'> = new Gauge({
      name: 'hvo_drift_items',
      help: 'Items that differ between the hypervisor and the database, by kind, as the last periodic drift check found them (forgotten ones left out).',
      labelNames: ['kind'],
      registers,
      collect: async () => {
        items.reset();
        const last = await read();
        for (const [kind, n] of Object.entries(last?.counts ?? {})) items.set({ kind }, n);
      },
    });
    const at: Gauge = new Gauge({
      name: 'hvo_drift_checked_timestamp_seconds',
      help: 'When the last periodic drift check ran (Unix time).',
      registers,
      collect: async () => {
        at.reset();
        const last = await read();
        if (last) at.set(Date.parse(last.at) / 1000);
      },
    });
  }
}
