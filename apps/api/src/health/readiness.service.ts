import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { AppConfig, createRedisClient, type RedisClient } from '#config';
import { HypervisorExchange } from '#hypervisor';
import { DatabaseHealth, OperationsRepository } from '#persistence';

interface Check {
  status: 'ok' | 'down';
  detail?: string;
}

const within = <T>(p: Promise<T>, ms: number): Promise<T> =>
  Promise.race([
    p,
    new Promise<T>((_, rej) => setTimeout(() => rej(new Error(`no answer in ${ms} ms`)), ms)),
  ]);

async function probe(fn: () => Promise<string | undefined>): Promise<Check> {
  try {
    const detail = await within(fn(), 3000);
    return detail ? { status: 'ok', detail } : { status: 'ok' };
  } catch (e) {
    return { status: 'down', detail: (e as Error).message };
  }
}

/** Whether Redis, the database and the hypervisor answer. */
@Injectable()
export class ReadinessService implements OnApplicationShutdown {
  private readonly client: RedisClient;

  constructor(
    cfg: AppConfig,
    private readonly db: DatabaseHealth,
    private readonly exchange: HypervisorExchange,
    private readonly ops: OperationsRepository,
  ) {
    this.client = createRedisClient(cfg, 'api', { lazyConnect: true });
    this.client.on('error', () => undefined); // reported by the probe
  }

  onApplicationShutdown(): void {
    this.client.disconnect();
  }

  async check(): Promise<{
    status: 'ok' | 'down';
    checks: Record<string, Check>;
    /** Operations whose undo is pending (null when the database does not answer). */
    needs_attention: number | null;
  }> {
    const [redis, database, hypervisor] = await Promise.all([
      probe(() => this.redis()),
      probe(async () => {
        await this.db.ping();
        return undefined;
      }),
      probe(async () => {
        if (!(await this.exchange.ping())) throw new Error('hypervisor does not answer');
        return undefined;
      }),
    ]);
    const checks = { redis, database, hypervisor };
    const status = Object.values(checks).every((c) => c.status === 'ok') ? 'ok' : 'down';
    // reported, not a reason to stop serving: the workers retry those undos on their own
    const needsAttention = await this.ops.countNeedingAttention().catch(() => null);
    return { status, checks, needs_attention: needsAttention };
  }

  /** Pings Redis and warns when it may evict queue keys (BullMQ needs noeviction). */
  private async redis(): Promise<string | undefined> {
    await this.client.ping();
    try {
      const [, policy] = (await this.client.config('GET', 'maxmemory-policy')) as [string, string];
      return policy === 'noeviction'
        ? undefined
        : `maxmemory-policy is ${policy}; BullMQ needs noeviction`;
    } catch {
      return undefined; // CONFIG may be disabled on managed Redis
    }
  }
}
