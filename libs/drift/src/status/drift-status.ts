import { Injectable } from '@nestjs/common';
import type { DriftKind } from '#jobs';
import { RedisService } from '#operations';

/** What the last periodic check found (the metric's source; the next check's baseline). */
export interface LastCheck {
  at: string;
  counts: Record<DriftKind, number>;
  /** `kind id` of each item found (forgotten ones left out). */
  items: string[];
}

/**
 * The last periodic check, kept in Redis: written by the worker that ran it (drift.check), read
 * by every api for `hvo_drift_items` and by the next check, on any worker, to log what changed.
 */
@Injectable()
export class DriftStatus {
  constructor(private readonly redis: RedisService) {}

  private get key(): string {
    return this.redis.key('drift', 'last-check');
  }

  async last(): Promise<LastCheck | null> {
    const raw = await this.redis.client.get(this.key);
    return raw ? (JSON.parse(raw) as LastCheck) : null;
  }

  async save(check: LastCheck): Promise<void> {
    await this.redis.client.set(this.key, JSON.stringify(check));
  }
}
