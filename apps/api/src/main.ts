import { Logger } from '@nestjs/common';
import { ConfigError, loadConfig } from '#config';
import { createApi } from './create-api.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApi(config);
  await app.listen({ port: config.PORT, host: config.HOST });
  Logger.log(`api listening on ${await app.getUrl()}`, 'api');
}

main().catch((e: unknown) => {
  console.error(e instanceof ConfigError ? e.message : e);
  process.exit(1);
});
