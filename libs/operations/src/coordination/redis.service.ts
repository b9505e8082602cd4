import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { AppConfig, redisOptions } from '#config';

/** One plain (non-blocking) Redis connection per process for operation coordination. */
@Injectable()
export class RedisService implements OnApplicationShutdown {
  readonly client: Redis;
  readonly prefix: string;

  constructor(cfg: AppConfig) {
    this.client = new Redis(redisOptions(cfg.REDIS_URL, 'api'));
    this.client.on('error', () => undefined); // surfaced by the commands that fail
    this.prefix = cfg.QUEUE_PREFIX;
  }

  key(...parts: string[]): string {
    return [this.prefix, ...parts].join(':');
  }

  onApplicationShutdown(): void {
    this.client.disconnect();
  }
}
