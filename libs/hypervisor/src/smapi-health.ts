import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { AppConfig, createRedisClient, type RedisClient } from '#config';

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

/**
 * Adds a batch to the shared counters. A batch may be written after another process recorded
 * newer failures: its successes then neither reset the run of failures nor move lastSuccess
 * back (times are ISO strings in UTC, which compare as text; a success in the same millisecond
 * as a failure counts as after it, as it does within one process's batch).
 */
const FLUSH_SCRIPT = `
local key = KEYS[1]
local ok, fail, failsSinceOk, sawOk = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4] == '1'
local lastSuccess, lastFail = ARGV[5], ARGV[6]
if ok > 0 then redis.call('HINCRBY', key, 'totalSuccess', ok) end
if fail > 0 then redis.call('HINCRBY', key, 'totalFail', fail) end
local knownFail = redis.call('HGET', key, 'lastFail') or ''
local knownSuccess = redis.call('HGET', key, 'lastSuccess') or ''
if fail > 0 and lastFail > knownFail then redis.call('HSET', key, 'lastFail', lastFail) end
if sawOk and lastSuccess > knownSuccess then redis.call('HSET', key, 'lastSuccess', lastSuccess) end
if sawOk and lastSuccess >= knownFail then
  redis.call('HSET', key, 'continuousFail', failsSinceOk)
else
  redis.call('HINCRBY', key, 'continuousFail', failsSinceOk)
end
return 1
`;

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
 * transaction per hypervisor call was a measurable share of a busy api, docs/decisions/0003);
 * changes of health are written at once.
 */
@Injectable()
export class SmapiHealth implements OnApplicationShutdown {
  private readonly log = new Logger(SmapiHealth.name);
  private readonly redis: RedisClient;
  private readonly key: string;
  private pending = nothing();
  private failing = false;
  private timer?: NodeJS.Timeout;

  constructor(cfg: AppConfig) {
    this.redis = createRedisClient(cfg, 'api', { lazyConnect: true });
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

  /** Writes what was recorded since the last write, in one script (atomic in Redis). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const p = this.pending;
    if (!p.ok && !p.fail) return;
    this.pending = nothing();
    try {
      await this.redis.eval(
        FLUSH_SCRIPT,
        1,
        this.key,
        p.ok,
        p.fail,
        p.failsSinceOk,
        p.sawOk ? 1 : 0,
        p.lastSuccess,
        p.lastFail,
      );
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
