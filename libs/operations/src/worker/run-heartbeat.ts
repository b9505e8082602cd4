import type { Logger } from '@nestjs/common';

/**
 * While a run is alive its operation's row is touched once a lock period. The reconciler takes a
 * row untouched for two lock periods for one whose worker died, and acts on it when its job is
 * gone: without this, a step longer than that (a slow call, a step waiting out a call in doubt)
 * whose job Redis lost (a fail-over to a replica behind its master) was unwound under the live
 * run. Returns the function that stops it.
 */
export function keepRunFresh(
  touch: () => Promise<boolean>,
  periodMs: number,
  log: Logger,
): () => void {
  const timer = setInterval(() => {
    touch().catch((e: unknown) => log.warn(`run not marked alive: ${String(e)}`));
  }, periodMs);
  timer.unref();
  return () => clearInterval(timer);
}
