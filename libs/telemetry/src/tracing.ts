import type { Config } from '#config';
import type { ProcessRole, TracingSdk } from './tracing.types.js';

export type { ProcessRole, TracingSdk } from './tracing.types.js';

let started: TracingSdk | null = null;

/**
 * Whether this process traces. Off (the default) every helper of this lib runs its callback
 * as it is, and nothing else is wrapped, so tracing costs nothing unless it is configured.
 */
export function tracing(): boolean {
  return started !== null;
}

/**
 * Starts the tracing SDK when OTEL_EXPORTER_OTLP_ENDPOINT is set, before the application is
 * loaded (the http instrumentation patches node:http as the web framework loads it). Unset,
 * the SDK's modules are not even loaded.
 */
export async function startTracing(cfg: Config, role: ProcessRole): Promise<TracingSdk | null> {
  if (!cfg.OTEL_EXPORTER_OTLP_ENDPOINT || started) return started;
  const { startSdk } = await import('./sdk.js');
  started = startSdk(cfg.OTEL_EXPORTER_OTLP_ENDPOINT, role, cfg.HV_TRANSPORT);
  return started;
}

/** Flushes and stops the SDK, if one was started (a process's last act before it exits). */
export async function stopTracing(): Promise<void> {
  const sdk = started;
  started = null;
  await sdk?.shutdown();
}
