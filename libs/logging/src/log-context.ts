import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'pino';

/**
 * The one way a log line learns what it is part of: a pino child logger carried in
 * AsyncLocalStorage (an operation's id, kind, userid, attempt, request id in the worker), so
 * code deep below (a step, a hypervisor call) logs with those fields without being handed them.
 */
const context = new AsyncLocalStorage<LogContext>();

/** A context's logger, and the fields it was given (its own and every outer context's). */
interface LogContext {
  logger: Logger;
  fields: Readonly<Record<string, unknown>>;
}

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
  return context.getStore()?.logger ?? root ?? (root = fallback!());
}

/**
 * A field of the current context (withLogContext's, outer ones too), undefined outside one. Not
 * pino's `bindings()`, which parses the logger's text of them anew on every call: a worker asks
 * this for each of an operation's lines (docs/decisions/0010).
 */
export function contextField(key: string): unknown {
  return context.getStore()?.fields[key];
}

/** Runs `fn` with every line logged inside it (across awaits) carrying `bindings`. */
export function withLogContext<T>(bindings: Record<string, unknown>, fn: () => T): T {
  const outer = context.getStore()?.fields;
  const fields = outer ? { ...outer, ...bindings } : bindings;
  return context.run({ logger: currentLogger().child(bindings), fields }, fn);
}
