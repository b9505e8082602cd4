/** How often a wait asks whether its operation was cancelled meanwhile. */
export const CANCEL_POLL_MS = 500;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits until `until` (epoch ms), asking `cancelled` every CANCEL_POLL_MS: resolves true as
 * soon as it answers yes (the wait is cut short), false once the time has come.
 */
export async function waitUnlessCancelled(
  until: number,
  cancelled: () => Promise<boolean>,
  pollMs = CANCEL_POLL_MS,
): Promise<boolean> {
  for (let left = until - Date.now(); left > 0; left = until - Date.now()) {
    await sleep(Math.min(pollMs, left));
    if (await cancelled()) return true;
  }
  return false;
}
