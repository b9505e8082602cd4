import { Logger } from '@nestjs/common';
import { redisLinks, type RedisLinks } from './redis-links.js';

/** How long a stop still waits once Redis is gone: nothing that needs it can finish. */
export const LOST_REDIS_GRACE_MS = 1000;

export interface StopOptions {
  /** Ends the process's work and closes its connections (the Nest application's close). */
  close: () => Promise<void>;
  /** What the stop waits for, said when it begins (e.g. `finishing running operations`). */
  doing: string;
  /** The longest the close may take while Redis answers. */
  graceMs: number;
  /** What is left when the process exits before its close ends. */
  leftBehind: string;
  log?: Pick<Logger, 'log' | 'error' | 'warn'>;
  links?: RedisLinks;
  /** Where the signals come from and where the exit goes (the process; a fake in tests). */
  proc?: {
    on(signal: 'SIGTERM' | 'SIGINT', listener: () => void): unknown;
    exit(code: number): void;
  };
}

/**
 * SIGTERM and SIGINT (both reach every process of a terminal's group on Ctrl-C, and the
 * launcher's stop sends SIGTERM after) begin one stop; later signals are the same stop, never
 * a harder one. The close may take `graceMs`, unless Redis is lost — it is stopped in the same
 * group, or was already gone: a close waiting on it would wait for ever — then the process
 * exits soon after, leaving what runs to resume at the next start (a job keeps its place in
 * Redis, an operation its done steps in the database).
 */
export function stopOnSignals(o: StopOptions): void {
  const log = o.log ?? new Logger('stop');
  const links = o.links ?? redisLinks;
  const proc = o.proc ?? process;
  let stopping = false;
  let exited = false;
  const exit = (code: number, why?: string) => {
    if (exited) return;
    exited = true;
    if (why) log.error(why);
    proc.exit(code);
  };
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.log(`${signal}: ${o.doing} (at most ${Math.round(o.graceMs / 1000)} s)`);
    const timer = setTimeout(
      () => exit(1, `grace period over; exiting with ${o.leftBehind}`),
      o.graceMs,
    );
    timer.unref();
    links.onLoss(() => {
      setTimeout(
        () => exit(1, `Redis is gone; exiting without waiting for it, with ${o.leftBehind}`),
        LOST_REDIS_GRACE_MS,
      ).unref();
    });
    o.close().then(
      () => exit(0),
      (e: unknown) => exit(1, `shutdown failed: ${String(e)}`),
    );
  };
  proc.on('SIGTERM', () => stop('SIGTERM'));
  proc.on('SIGINT', () => stop('SIGINT'));
}
