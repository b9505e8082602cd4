import type { INestApplication } from '@nestjs/common';
import type { Config } from '#config';
import { currentLogger } from '#logging';
import { JobWaiter } from '#operations';
import { BurstEndCollection, fullCollection } from './burst-end-collection.js';

const mib = (bytes: number) => Math.round(bytes / 2 ** 20);

/** The api process's heap collected once each burst of held requests is answered. */
export function collectAfterBursts(app: INestApplication, config: Config): void {
  if (config.API_COLLECT_AFTER_BURST <= 0) return;
  const waiter = app.get(JobWaiter);
  const gc = fullCollection();
  const burst = new BurstEndCollection(
    () => waiter.waiting,
    config.API_COLLECT_AFTER_BURST,
    (high) => {
      const before = process.memoryUsage().heapUsed;
      const t0 = performance.now();
      gc();
      currentLogger().info(
        {
          burst_held: high,
          held: waiter.waiting,
          heap_used_mib_before: mib(before),
          heap_used_mib_after: mib(process.memoryUsage().heapUsed),
          duration_ms: Math.round(performance.now() - t0),
        },
        'heap collected after a burst of held requests',
      );
    },
  );
  burst.every();
}
