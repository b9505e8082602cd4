import { setImmediate as nextTurn } from 'node:timers/promises';

/** Tries in the next turns of the event loop before pausing: the other writer is usually done. */
const TRIES_NEXT_TURN = 3;
/** Longest pause between two tries for the lock (they start at 1 ms and double). */
const MAX_RETRY_PAUSE_MS = 50;

/**
 * SQLite refused because another connection (the other process) holds the lock: SQLITE_BUSY
 * or one of its extended codes, raw from better-sqlite3 or as Prisma's adapter passes it on.
 */
export function isBusy(e: unknown): boolean {
  const err = e as { code?: unknown; cause?: { originalCode?: unknown } } | null;
  const code = err?.code ?? err?.cause?.originalCode;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/**
 * Runs `attempt` until SQLite takes it, for at most `timeoutMs`. The connection's own busy
 * timeout is 0: SQLite's wait sleeps inside the statement, and better-sqlite3's statements are
 * synchronous, so the whole process stood still while the other one wrote (1–5 ms each time,
 * a sixth of the api's time under load; docs/decisions/0009). Here the event loop goes on
 * between tries: the next turns first, then pauses from 1 ms doubling to 50 ms.
 */
export async function whileBusy<T>(attempt: () => T | Promise<T>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let pause = 1;
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (e) {
      if (!isBusy(e) || Date.now() >= deadline) throw e;
    }
    if (tries <= TRIES_NEXT_TURN) {
      await nextTurn();
    } else {
      await new Promise((r) => setTimeout(r, pause));
      pause = Math.min(pause * 2, MAX_RETRY_PAUSE_MS);
    }
  }
}
