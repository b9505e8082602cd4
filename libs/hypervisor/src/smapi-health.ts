import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { AppConfig, redisOptions } from '#config';

/** Consecutive failures after which the link reads unhealthy (the reference's threshold). */
export const UNHEALTHY_AFTER = 20;

export interface SmapiHealthReport {
  totalSuccess: number;
  totalFail: number;
  lastSuccess: string;
  lastFail: string;
  continuousFail: number;
  healthy: boolean;
}

/** Successes are written at most this often; a failure, or the first success after one, at once. */
const FLUSH_MS = 250;

interface Pending {
  ok: number;
  fail: number;
  /** Failures since the last success in this batch (or since the batch began). */
  failsSinceOk: number;
  sawOk: boolean;
  lastSuccess: string;
  lastFail: string;
}

const nothing = (): Pending => ({
  ok: 0,
  fail: 0,
  failsSinceOk: 0,
  sawOk: false,
  lastSuccess: '',
  lastFail: '',
});

/**
 * Counters of hypervisor calls, kept in one Redis hash so the api and every worker add to the
 * same numbers. A call succeeds when the hypervisor answered (whatever its return code) and
 * fails when the link did not. Recording never fails a call. Successes are batched (a Redis
 * transaction per hypervisor call was a measurable share of a busy api, bench/README.md);
 * changes of health are written at once.
 */
@Injectable()
export class SmapiHealth implements OnApplicationShutdown {
  private readonly log = new Logger(SmapiHealth.name);
  private readonly redis: Redis;
  private readonly key: string;
  private pending = nothing();
  private failing = false;
  private timer?: NodeJS.Timeout;

  constructor(cfg: AppConfig) {
    this.redis = new Redis({ ...redisOptions(cfg.REDIS_URL, 'api'), lazyConnect: true });
    this.redis.on('error', () => undefined); // reported by readiness, not here
    this.key = `${cfg.QUEUE_PREFIX}:smapi-health`;
  }

  record(ok: boolean): Promise<void> {
    const p = this.pending;
    const now = new Date().toISOString();
    if (ok) {
      p.ok++;
      p.sawOk = true;
      p.failsSinceOk = 0;
      p.lastSuccess = now;
    } else {
      p.fail++;
      p.failsSinceOk++;
      p.lastFail = now;
    }
    const changed = ok === this.failing || !ok;
    this.failing = !ok;
    if (changed) return this.flush();
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), FLUSH_MS);
      this.timer.unref();
    }
    return Promise.resolve();
  }

  /** Writes what was recorded since the last write, in one transaction. */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const p = this.pending;
    if (!p.ok && !p.fail) return;
    this.pending = nothing();
    try {
      const m = this.redis.multi();
      if (p.ok)
        m.hincrby(this.key, 'totalSuccess', p.ok).hset(this.key, 'lastSuccess', p.lastSuccess);
      if (p.fail) m.hincrby(this.key, 'totalFail', p.fail).hset(this.key, 'lastFail', p.lastFail);
      if (p.sawOk) m.hset(this.key, 'continuousFail', p.failsSinceOk);
      else m.hincrby(this.key, 'continuousFail', p.failsSinceOk);
      await m.exec();
    } catch (e) {
      this.log.debug(`could not record hypervisor calls: ${(e as Error).message}`);
    }
  }

  async report(): Promise<SmapiHealthReport> {
    await this.flush();
    const h = await this.redis.hgetall(this.key);
    const continuousFail = Number(h.continuousFail ?? 0);
    return {
      totalSuccess: Number(h.totalSuccess ?? 0),
      totalFail: Number(h.totalFail ?? 0),
      lastSuccess: h.lastSuccess ?? '',
      lastFail: h.lastFail ?? '',
      continuousFail,
      healthy: continuousFail < UNHEALTHY_AFTER,
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.flush();
    this.redis.disconnect();
  }
}
