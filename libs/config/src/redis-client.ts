import { Cluster, type ClusterOptions, Redis, type RedisOptions } from 'ioredis';
import { redisOptions } from './redis-options.js';
import { queueTag } from './queue-slots.js';

/** The settings that say where Redis is. */
export interface RedisSettings {
  readonly REDIS_URL: string;
  readonly REDIS_CLUSTER_NODES: readonly string[];
  readonly QUEUE_PREFIX: string;
}

/** A client of either kind; both speak the commands this service uses. */
export type RedisClient = Redis | Cluster;

export const isClustered = (s: Pick<RedisSettings, 'REDIS_CLUSTER_NODES'>): boolean =>
  s.REDIS_CLUSTER_NODES.length > 0;

/** `host:port` items of REDIS_CLUSTER_NODES (an IPv6 host in brackets). */
export function clusterNodes(items: readonly string[]): { host: string; port: number }[] {
  return items.map((item) => {
    const m = /^\[?([^\]]+?)\]?:(\d+)$/.exec(item.trim());
    if (!m) throw new Error(`REDIS_CLUSTER_NODES item ${JSON.stringify(item)} is not host:port`);
    return { host: m[1], port: Number(m[2]) };
  });
}

/** What loadConfig refuses about the cluster settings (the item syntax is checked before). */
export function clusterProblems(s: RedisSettings): string[] {
  if (!isClustered(s)) return [];
  const problems: string[] = [];
  for (const n of clusterNodes(s.REDIS_CLUSTER_NODES.filter((i) => /:\d+$/.test(i)))) {
    if (n.port < 1 || n.port > 65535)
      problems.push(`REDIS_CLUSTER_NODES: port ${n.port} of ${n.host} is out of range`);
  }
  if (/^rediss?\+sentinel:/.test(s.REDIS_URL)) {
    problems.push('REDIS_CLUSTER_NODES: cannot be combined with a redis+sentinel:// REDIS_URL');
  } else if (/^rediss?:\/\/[^/]*\/[1-9]/.test(s.REDIS_URL)) {
    problems.push('REDIS_CLUSTER_NODES: a cluster has only database 0 (REDIS_URL names another)');
  }
  return problems;
}

/**
 * ioredis Cluster options around the options of one node connection (REDIS_URL's user, password
 * and TLS, the role's retry policy), minus host, port and database: the cluster maps those.
 */
export function clusterOptions(node: RedisOptions): ClusterOptions {
  const { host: _host, port: _port, db: _db, ...rest } = node;
  return {
    redisOptions: rest,
    lazyConnect: rest.lazyConnect,
    // slots move during a failover or resharding: follow MOVED/ASK and refresh the map
    maxRedirections: 16,
    retryDelayOnFailover: 200,
    retryDelayOnClusterDown: 200,
    slotsRefreshTimeout: 2000,
  };
}

/**
 * A Cluster client over the seed nodes (`host:port` items). A client that fails fast (the api's:
 * `maxRetriesPerRequest` is a number; workers and blocking readers have null and wait) answers
 * as a lone server does when the cluster is lost: once no node can be reached (the client closes
 * and keeps reconnecting), a command fails at once instead of waiting in the offline queue for
 * the cluster's return, so a submission hears 503 within seconds. The queue is back on from the
 * next `ready`; it stays on while first connecting, so commands sent before then still wait.
 */
export function newCluster(
  seeds: readonly string[],
  node: RedisOptions,
  extra: Partial<ClusterOptions> = {},
): Cluster {
  const cluster = new Cluster(clusterNodes(seeds), { ...clusterOptions(node), ...extra });
  if (typeof node.maxRetriesPerRequest === 'number') {
    cluster.on('close', () => (cluster.options.enableOfflineQueue = false));
    cluster.on('ready', () => (cluster.options.enableOfflineQueue = true));
  }
  return cluster;
}

/**
 * One Redis client from the settings: an ioredis Cluster when REDIS_CLUSTER_NODES is set,
 * otherwise a single server or a Sentinel-found master (REDIS_URL).
 */
export function createRedisClient(
  s: RedisSettings,
  role: 'api' | 'worker',
  extra: Partial<RedisOptions> = {},
): RedisClient {
  if (isClustered(s)) {
    // a Cluster pipelines by itself (per node), not through its node connections' option
    const { enableAutoPipelining, ...rest } = extra;
    const node = { ...redisOptions(s.REDIS_URL, role), ...rest } as RedisOptions;
    return newCluster(s.REDIS_CLUSTER_NODES, node, { enableAutoPipelining });
  }
  return new Redis({ ...redisOptions(s.REDIS_URL, role), ...extra });
}

/**
 * BullMQ's key prefix for one queue (BullMQ names its keys `<prefix>:<queue>:<suffix>`). On a
 * cluster it is a hash tag of its own per queue (`{hvo:network…}`, queue-slots.ts): BullMQ's Lua scripts touch many
 * keys of a queue at once (wait, active, the job hash, events…), and a cluster runs a script only
 * when all its keys hash to one slot; the tag makes Redis hash only `hvo:network`, so a queue's
 * keys share a slot while other queues fall in other slots, spread over the masters (one tag for
 * every queue put all of BullMQ's work on one master). Nothing here moves a job between queues
 * (no flows), which would need one slot for both. A single server or Sentinel keeps the plain
 * prefix: its keys are named as they always were.
 */
export const queuePrefix = (
  s: Pick<RedisSettings, 'QUEUE_PREFIX' | 'REDIS_CLUSTER_NODES'>,
  queue: string,
): string => (isClustered(s) ? `{${queueTag(s.QUEUE_PREFIX, queue)}}` : s.QUEUE_PREFIX);
