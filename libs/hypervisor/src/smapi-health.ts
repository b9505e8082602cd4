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

/**
 * Counters of hypervisor calls, kept in one Redis hash so the api and every worker add to the
 * same numbers. A call succeeds when the hypervisor answered (whatever its return code) and
 * fails when the link did not. Recording never fails a call.
 */
@Injectable()
export class SmapiHealth implements OnApplicationShutdown {
  private readonly log = new Logger(SmapiHealth.name);
  private readonly redis: Redis;
  private readonly key: string;

  constructor(cfg: AppConfig) {
    this.redis = new Redis({ ...redisOptions(cfg.REDIS_URL, 'api'), lazyConnect: true });
    this.redis.on('error', () => undefined); // reported by readiness, not here
    this.key = `${cfg.QUEUE_PREFIX}:smapi-health`;
  }

  async record(ok: boolean): Promise<void> {
    const now = new Date().toISOString();
    try {
      const m = this.redis.multi();
      if (ok)
        m.hincrby(this.key, 'totalSuccess', 1).hset(
          this.key,
          'lastSuccess',
          now,
          'continuousFail',
          0,
        );
      else
        m.hincrby(this.key, 'totalFail', 1)
          .hset(this.key, 'lastFail', now)
          .hincrby(this.key, 'continuousFail', 1);
      await m.exec();
    } catch (e) {
      this.log.debug(`could not record hypervisor call: ${(e as Error).message}`);
    }
  }

  async report(): Promise<SmapiHealthReport> {
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

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}
