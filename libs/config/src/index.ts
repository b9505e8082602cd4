export { AppConfig, type Config } from './app-config.js';
export { ConfigError, loadConfig } from './load-config.js';
export { ConfigModule } from './config.module.js';
