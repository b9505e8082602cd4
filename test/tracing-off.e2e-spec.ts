import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '#config';

/**
 * Off by default at no cost: without OTEL_EXPORTER_OTLP_ENDPOINT a process (the built one, as
 * production runs it) loads no tracing SDK module at all; with it, the probe sees them loaded.
 */
describe('tracing unset', () => {
  const sdkModulesLoaded = (env: Record<string, string>): string => {
    const dist = (p: string) => JSON.stringify(join(repoRoot(), 'dist/libs', p));
    const script = `
      import { createRequire } from 'node:module';
      const { loadConfig } = await import(${dist('config/src/index.js')});
      const { startTracing, tracing } = await import(${dist('telemetry/src/index.js')});
      await startTracing(loadConfig(${JSON.stringify(env)}), 'api');
      const cache = Object.keys(createRequire(import.meta.url).cache);
      const sdk = cache.filter((k) => /@opentelemetry\\/(sdk-trace|exporter|instrumentation)/.test(k));
      console.log(JSON.stringify({ tracing: tracing(), sdk: sdk.length }));
      process.exit(0);`;
    return execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: repoRoot(),
      encoding: 'utf8',
    }).trim();
  };

  it('loads no tracing SDK module without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
    expect(JSON.parse(sdkModulesLoaded({ DATA_DIR: '/tmp/hvo-otel' }))).toEqual({
      tracing: false,
      sdk: 0,
    });
    const on = JSON.parse(
      sdkModulesLoaded({
        DATA_DIR: '/tmp/hvo-otel',
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9',
      }),
    );
    expect(on.tracing).toBe(true);
    expect(on.sdk).toBeGreaterThan(0);
  });
});
