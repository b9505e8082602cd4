import { Global, Module, type DynamicModule } from '@nestjs/common';
import { AppConfig, type Config } from './app-config.js';
import { loadConfig } from './load-config.js';

/** Provides the validated configuration under the `AppConfig` token. */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: Config = loadConfig()): DynamicModule {
    return {
      module: ConfigModule,
      providers: [{ provide: AppConfig, useValue: config }],
      exports: [AppConfig],
    };
  }
}
