import { HvError } from '#envelope';

/** True when `err` is an SMT failure with one of the given (rc, rs) pairs. */
export function isSmapi(err: unknown, ...codes: [number, number][]): err is HvError {
  return (
    err instanceof HvError &&
    err.overallRC === 8 &&
    codes.some(([rc, rs]) => err.rc === rc && err.rs === rs)
  );
}

/**
 * Awaits a hypervisor call, treating the given (rc, rs) answers as success: the state the
 * caller wants already holds (already active, already gone, …).
 */
export async function tolerating(
  call: Promise<unknown>,
  ...codes: [number, number][]
): Promise<void> {
  try {
    await call;
  } catch (e) {
    if (!isSmapi(e, ...codes)) throw e;
  }
}
