import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { AppConfig, createRedisClient, isClustered, type RedisClient } from '#config';

/**
 * One plain (non-blocking) Redis connection per process for operation coordination (a Cluster
 * client on a cluster), auto-pipelined.
 */
@Injectable()
export class RedisService implements OnApplicationShutdown {
  readonly client: RedisClient;
  readonly prefix: string;
  private readonly clustered: boolean;

  constructor(cfg: AppConfig) {
    // Commands asked in one turn of the event loop (the guest line's head and the cancel
    // signal; many requests' or jobs' commands under load) leave in one socket write: the
    // write syscall per command was the largest single cost of our Redis use. Nothing here
    // blocks, and MULTI/EXEC transactions are sent as they were.
    this.client = createRedisClient(cfg, 'api', { enableAutoPipelining: true });
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
