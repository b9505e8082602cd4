import { setFlagsFromString } from 'node:v8';
import { Logger } from '@nestjs/common';
import { ConfigError, loadConfig, stopOnSignals } from '#config';
import { startTracing } from '#telemetry';
import { currentLogger } from '#logging';

async function main(): Promise<void> {
  const config = loadConfig();
  // read by V8 at each full GC, so setting it here, before the heap grows, is enough
  if (config.API_HEAP_GROWING_PERCENT > 0)
    setFlagsFromString(`--heap-growing-percent=${config.API_HEAP_GROWING_PERCENT}`);
  // before the application loads: the http instrumentation patches node:http as fastify loads it
  await startTracing(config, 'api');
  const { createApi } = await import('./create-api.js');
  const app = await createApi(config);
  await app.listen({ port: config.PORT, host: config.HOST, backlog: config.LISTEN_BACKLOG });
  // here, not in createApi: an api made in a test process must not collect that process's heap
  const { collectAfterBursts } = await import('./memory/collect-after-bursts.js');
  collectAfterBursts(app, config);
  Logger.log(`api listening on ${await app.getUrl()}`, 'api');
  stopOnSignals({
    close: () => app.close(),
    doing: 'closing',
    graceMs: config.SHUTDOWN_GRACE_S * 1000,
    leftBehind: 'its connections open',
    log: new Logger('api'),
  });
}

main().catch((e: unknown) => {
  currentLogger().fatal(e instanceof ConfigError ? e.message : { err: e }, 'cannot start');
  process.exit(1);
});
