import { Logger } from '@nestjs/common';
import { ConfigError, loadConfig } from '#config';
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
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.log(`${signal}: finishing running operations (at most ${config.SHUTDOWN_GRACE_S} s)`);
    setTimeout(() => {
      log.error('grace period over; exiting with operations still running (they will be retried)');
      process.exit(1);
    }, config.SHUTDOWN_GRACE_S * 1000).unref();
    // the spans of the operations it finished are exported before it exits
    app
      .close()
      .then(stopTracing)
      .then(
        () => process.exit(0),
        (e: unknown) => {
          log.error(`shutdown failed: ${String(e)}`);
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((e: unknown) => {
  currentLogger().fatal(e instanceof ConfigError ? e.message : { err: e }, 'cannot start');
  process.exit(1);
});
