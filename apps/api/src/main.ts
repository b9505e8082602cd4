import { Logger } from '@nestjs/common';
import { ConfigError, loadConfig } from '#config';
import { currentLogger } from '#logging';
import { createApi } from './create-api.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApi(config);
  await app.listen({ port: config.PORT, host: config.HOST });
  Logger.log(`api listening on ${await app.getUrl()}`, 'api');
}

main().catch((e: unknown) => {
  currentLogger().fatal(e instanceof ConfigError ? e.message : { err: e }, 'cannot start');
  process.exit(1);
});
