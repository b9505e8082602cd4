import { Logger } from '@nestjs/common';
import { ConfigError, loadConfig, stopOnSignals } from '#config';
import { startTracing, stopTracing } from '#telemetry';
import { currentLogger } from '#logging';
import { createWorker } from './create-worker.js';
import { WorkerModule } from './worker.module.js';

async function main(): Promise<void> {
  const config = loadConfig();
  await startTracing(config, 'worker'); // before its queues and transport are made
  const app = await createWorker(config);
  const log = new Logger('worker');
  log.log(
    `consuming ${WorkerModule.queues(config).join(', ')} (concurrency ${config.WORKER_CONCURRENCY})`,
  );
  stopOnSignals({
    // the spans of the operations it finished are exported before it exits
    close: () => app.close().then(stopTracing),
    doing: 'finishing running operations',
    graceMs: config.SHUTDOWN_GRACE_S * 1000,
    leftBehind: 'operations still running (they resume at the next start)',
    log,
  });
}

main().catch((e: unknown) => {
  currentLogger().fatal(e instanceof ConfigError ? e.message : { err: e }, 'cannot start');
  process.exit(1);
});
