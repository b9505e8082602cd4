import { createIORedisClient, type RedisOptions, RedisConnection } from 'bullmq';
import { Redis, type RedisOptions as IORedisOptions } from 'ioredis';
import { isClustered, newCluster, queuePrefix, redisOptions, type RedisSettings } from '#config';

/** Marks BullMQ connection options that must become an ioredis Cluster (see below). */
const CLUSTER_SEEDS = 'hvoClusterSeeds';
type Marked = RedisOptions & { [CLUSTER_SEEDS]?: string[] };

/**
 * BullMQ builds its own connections from options (and closes them), but only ever plain
 * ioredis ones; given a Cluster instance instead it would share it between every queue and
 * worker and never close it. So options of a clustered process carry the seed nodes, and this
 * factory (BullMQ's documented hook, process-wide, installed once) turns exactly those into a
 * Cluster per connection; unmarked options still get a plain client, as before.
 */
function installClusterFactory(): void {
  if (RedisConnection.clientFactory) return;
  RedisConnection.clientFactory = (opts: Marked) => {
    const { [CLUSTER_SEEDS]: seeds, ...rest } = opts;
    const { url, ...node } = rest as IORedisOptions & { url?: string };
    if (seeds) return createIORedisClient(newCluster(seeds, node));
    const client = url ? new Redis(url, node) : new Redis(node);
    return createIORedisClient(client);
  };
}

/**
 * BullMQ `connection` for a process of this role, and `prefix` for `queue`: every Queue, Worker
 * and QueueEvents of one queue must use the same prefix (on a cluster, the queue's own hash tag).
 */
export function bullConnection(
  s: RedisSettings,
  role: 'api' | 'worker',
  queue: string,
  extra: Partial<RedisOptions> = {},
): { connection: RedisOptions; prefix: string } {
  const connection: Marked = { ...redisOptions(s.REDIS_URL, role), ...extra };
  if (isClustered(s)) {
    installClusterFactory();
    connection[CLUSTER_SEEDS] = [...s.REDIS_CLUSTER_NODES];
  }
  return { connection, prefix: queuePrefix(s, queue) };
}
