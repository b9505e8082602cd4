import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { AppConfig, createRedisClient, isClustered, type RedisClient } from '#config';

/** One plain (non-blocking) Redis connection per process for operation coordination (a Cluster client on a cluster). */
@Injectable()
export class RedisService implements OnApplicationShutdown {
  readonly client: RedisClient;
  readonly prefix: string;
  private readonly clustered: boolean;

  constructor(cfg: AppConfig) {
    this.client = createRedisClient(cfg, 'api');
    this.client.on('error', () => undefined); // surfaced by the commands that fail
    this.prefix = cfg.QUEUE_PREFIX;
    this.clustered = isClustered(cfg);
  }

  key(...parts: string[]): string {
    return [this.prefix, ...parts].join(':');
  }

  /**
   * A key whose cluster slot is that of `tag` alone (`{tag}`, on a cluster only: single-server
   * key names stay as they were). Keys of one guest share a slot, so a script or MULTI over
   * several of them stays legal on a cluster, while different guests spread over the masters.
   */
  taggedKey(kind: string, tag: string): string {
    return this.key(kind, this.clustered ? `{${tag}}` : tag);
  }

  onApplicationShutdown(): void {
    this.client.disconnect();
  }
}
