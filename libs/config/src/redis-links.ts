import { Logger } from '@nestjs/common';

/** What reports a connection's failures: an ioredis client, or a BullMQ Queue, Worker, … */
export interface LinkEmitter {
  on(event: 'error', listener: (e: Error) => void): unknown;
}

/** What says the connection is up again (an ioredis client's `ready`). */
export interface ReadyEmitter {
  on(event: 'ready', listener: () => void): unknown;
}

/** The part of a BullMQ Queue, Worker or QueueEvents watched here: its errors and backend. */
export interface BullLink extends LinkEmitter {
  /** Its connections' `ready` (each reconnection) comes through here. */
  getBackend(): ReadyEmitter;
}

type Sink = Pick<Logger, 'warn' | 'log' | 'debug'>;

/** A failure of the connection itself, not of a command over a working one. */
export function isConnectionError(e: Error & { code?: string }): boolean {
  return (
    /^E(CONNREFUSED|CONNRESET|PIPE|TIMEDOUT|HOSTUNREACH|NETUNREACH|NOTFOUND|AI_AGAIN)$/.test(
      e.code ?? '',
    ) || /Connection is closed|Stream isn't writeable|connect ETIMEDOUT/.test(e.message)
  );
}

/**
 * The Redis connections of a process. Their loss is reported once — one line for the process,
 * however many of its connections fail and however often they retry (BullMQ printed every
 * failed attempt of each, some 30 lines a second, when its objects had no error listener) —
 * and a line when all are back. The process's stop
 * asks whether any is lost: a close that waits for Redis then never ends.
 */
export class RedisLinks {
  private readonly lostNow = new Set<string>();
  private readonly waiters: (() => void)[] = [];

  constructor(private readonly log: Sink = new Logger('redis')) {}

  /** Reports `link`'s failures under `name` (e.g. `queue guest-lifecycle`); `ready` ends a loss. */
  watch(link: LinkEmitter, name: string, ready?: ReadyEmitter): void {
    link.on('error', (e) => {
      if (!isConnectionError(e)) return void this.log.warn(`${name}: ${e.message}`);
      if (this.lostNow.has(name)) return;
      this.lostNow.add(name);
      // the process's connections go down together: the first says it, the rest only count
      if (this.lostNow.size > 1) return void this.log.debug(`${name}: Redis connection lost`);
      this.log.warn(`Redis connection lost (${e.message}, ${name}); retrying`);
      for (const w of this.waiters.splice(0)) w();
    });
    ready?.on('ready', () => {
      if (this.lostNow.delete(name) && this.lostNow.size === 0)
        this.log.log('Redis connection back');
    });
  }

  /** `watch` for a BullMQ object, whose backend says when its connection is back. */
  watchBull(link: BullLink, name: string): void {
    this.watch(link, name, link.getBackend());
  }

  /** Whether some connection is lost at the moment. */
  get lost(): boolean {
    return this.lostNow.size > 0;
  }

  /** Calls `fn` once a connection is lost (at once if one is). */
  onLoss(fn: () => void): void {
    if (this.lost) fn();
    else this.waiters.push(fn);
  }
}

/** The process's connections (one registry per process, as there is one Redis). */
export const redisLinks = new RedisLinks();
