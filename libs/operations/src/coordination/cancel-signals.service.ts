import { Injectable } from '@nestjs/common';
import { RedisService } from './redis.service.js';

const TTL_S = 7 * 24 * 3600;

/**
 * Cancellation requests, visible to every worker process (BullMQ's own cancel reaches only
 * the local worker). A running operation looks at its next safe point, before each step.
 */
@Injectable()
export class CancelSignals {
  constructor(private readonly redis: RedisService) {}

  private key(operationId: string): string {
    return this.redis.key('cancel', operationId);
  }

  async request(operationId: string): Promise<void> {
    await this.redis.client.set(this.key(operationId), '1', 'EX', TTL_S);
  }

  async requested(operationId: string): Promise<boolean> {
    return (await this.redis.client.exists(this.key(operationId))) === 1;
  }

  async clear(operationId: string): Promise<void> {
    await this.redis.client.del(this.key(operationId));
  }
}
