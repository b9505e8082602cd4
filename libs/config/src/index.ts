export { AppConfig, type Config } from './app-config.js';
export { ConfigError, loadConfig } from './load-config.js';
export { ConfigModule } from './config.module.js';
export { repoRoot, serviceVersion } from './repo-root.js';
export { BUILT_ENTRY } from './built-entries.js';
export { redisOptions } from './redis-options.js';
export { type CliSettings, cliSettings } from './cli-settings.js';
export { inheritedEnv } from './env.js';
export { type ImportHostEntry, parseImportHost } from './import-hosts.js';
export {
  clusterNodes,
  clusterOptions,
  createRedisClient,
  isClustered,
  newCluster,
  queuePrefix,
  type RedisClient,
  type RedisSettings,
} from './redis-client.js';
export { isConnectionError, type LinkEmitter, RedisLinks, redisLinks } from './redis-links.js';
export { LOST_REDIS_GRACE_MS, stopOnSignals, type StopOptions } from './stop-on-signals.js';
