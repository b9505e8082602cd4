import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'pino';

/**
 * The one way a log line learns what it is part of: a pino child logger carried in
 * AsyncLocalStorage (an operation's id, kind, userid, attempt, request id in the worker), so
 * code deep below (a step, a hypervisor call) logs with those fields without being handed them.
 */
const context = new AsyncLocalStorage<Logger>();

let root: Logger | undefined;
let fallback: (() => Logger) | undefined;

/** Sets the process's root logger (logger.factory.ts). */
export function setRootLogger(logger: Logger): void {
  root = logger;
}

/** What currentLogger answers before any process set a root (made once, on first use). */
export function setFallbackLogger(make: () => Logger): void {
  fallback = make;
}

/** The logger of the current context: the innermost withLogContext's, else the root. */
export function currentLogger(): Logger {
  return context.getStore() ?? root ?? (root = fallback!());
}

/** Runs `fn` with every line logged inside it (across awaits) carrying `bindings`. */
export function withLogContext<T>(bindings: Record<string, unknown>, fn: () => T): T {
  return context.run(currentLogger().child(bindings), fn);
}
