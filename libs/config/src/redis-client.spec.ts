import { QueueKeys } from 'bullmq';
import calculateSlot from 'cluster-key-slot';
import { Cluster, Redis } from 'ioredis';
import { ConfigError, loadConfig } from './load-config.js';
import { clusterOptions, createRedisClient, newCluster, queuePrefix } from './redis-client.js';

const problems = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
    return [];
  } catch (e) {
    return (e as ConfigError).problems;
  }
};

/** What Redis Cluster hashes of a key: the text in its first `{…}` if not empty, else all of it. */
const tagOf = (key: string): string => /^[^{]*\{([^}]*)\}/.exec(key)?.[1] || key;

describe('queuePrefix', () => {
  const clustered = loadConfig({ REDIS_CLUSTER_NODES: '10.0.0.1:7000', QUEUE_PREFIX: 'hvo' });

  it('gives each queue its own hash tag on a cluster, shared by all of its keys', () => {
    expect(queuePrefix(clustered, 'network')).toMatch(/^\{hvo:network(:\d+)?\}$/);
    const tags = (queue: string) => {
      const keys = new QueueKeys(queuePrefix(clustered, queue));
      const all = [...Object.values(keys.getKeys(queue)), keys.toKey(queue, 'job-1:lock')];
      return new Set(all.filter(Boolean).map(tagOf));
    };
    // one slot per queue (BullMQ's scripts need it), another slot for another queue
    expect(tags('network').size).toBe(1);
    expect(tags('guest-lifecycle').size).toBe(1);
    expect(tags('network')).not.toEqual(tags('guest-lifecycle'));
  });

  it('puts the three busiest queues on three masters of an evenly split cluster, any prefix', () => {
    for (const QUEUE_PREFIX of ['hvo', 'b444b8cec', 'b7cd94e18', 'bfae7448d', 'x']) {
      const cfg = loadConfig({ REDIS_CLUSTER_NODES: '10.0.0.1:7000', QUEUE_PREFIX });
      // the thirds `redis-cli --cluster create` gives three masters: 0–5460, 5461–10922, …
      const third = (queue: string) =>
        Math.floor(calculateSlot(tagOf(queuePrefix(cfg, queue))) / 5461.34);
      const busy = ['guest-lifecycle', 'network', 'webhooks'].map(third);
      expect(new Set(busy).size).toBe(3);
    }
  });

  it('keeps the plain prefix on a single server and under Sentinel: key names as before', () => {
    expect(queuePrefix(loadConfig({ QUEUE_PREFIX: 'hvo' }), 'network')).toBe('hvo');
    const sentinel = loadConfig({ REDIS_URL: 'redis+sentinel://s:26379/m', QUEUE_PREFIX: 'x1' });
    expect(queuePrefix(sentinel, 'guest-lifecycle')).toBe('x1');
    expect(new QueueKeys('hvo').toKey('network', 'wait')).toBe('hvo:network:wait');
  });
});

describe('REDIS_CLUSTER_NODES', () => {
  it('reads a host:port list (IPv6 in brackets)', () => {
    const cfg = loadConfig({
      REDIS_CLUSTER_NODES: '10.0.0.1:7000, redis-b.example.com:7001,[::1]:7002',
      QUEUE_PREFIX: 'hvo',
    });
    expect(cfg.REDIS_CLUSTER_NODES).toEqual([
      '10.0.0.1:7000',
      'redis-b.example.com:7001',
      '[::1]:7002',
    ]);
  });

  it('refuses items that are not host:port, bad ports, Sentinel and a database other than 0', () => {
    expect(problems({ REDIS_CLUSTER_NODES: '10.0.0.1' })[0]).toMatch(
      /REDIS_CLUSTER_NODES items must be <host>:<port>/,
    );
    expect(problems({ REDIS_CLUSTER_NODES: 'a:7000,b c:7001' })).toHaveLength(1);
    expect(problems({ REDIS_CLUSTER_NODES: 'a:70000' })).toEqual([
      'REDIS_CLUSTER_NODES: port 70000 of a is out of range',
    ]);
    expect(
      problems({ REDIS_CLUSTER_NODES: 'a:7000', REDIS_URL: 'redis+sentinel://s:26379/m' }),
    ).toEqual(['REDIS_CLUSTER_NODES: cannot be combined with a redis+sentinel:// REDIS_URL']);
    expect(problems({ REDIS_CLUSTER_NODES: 'a:7000', REDIS_URL: 'redis://:pw@x/2' })).toEqual([
      'REDIS_CLUSTER_NODES: a cluster has only database 0 (REDIS_URL names another)',
    ]);
    expect(problems({ REDIS_CLUSTER_NODES: '' })).toEqual([]);
  });

  it('gives node connections REDIS_URL credentials and the role, never its host or db', () => {
    const o = clusterOptions({ host: 'x', port: 1, db: 0, password: 'pw', tls: {} });
    expect(o.redisOptions).toEqual({ password: 'pw', tls: {} });
    const cfg = loadConfig({
      REDIS_CLUSTER_NODES: '127.0.0.1:7000',
      REDIS_URL: 'rediss://u:s%40cret@ignored:1',
    });
    const client = createRedisClient(cfg, 'worker', { lazyConnect: true });
    try {
      expect(client).toBeInstanceOf(Cluster);
      const node = (client as Cluster).options.redisOptions;
      expect(node).toMatchObject({ username: 'u', password: 's@cret', tls: {} });
      expect(node).toMatchObject({ maxRetriesPerRequest: null });
      expect(node).not.toHaveProperty('host');
    } finally {
      client.disconnect();
    }
    const single = createRedisClient(loadConfig({}), 'api', { lazyConnect: true });
    expect(single).toBeInstanceOf(Redis);
    single.disconnect();
  });
});

describe('newCluster, when no node answers', () => {
  // nothing listens on port 1: every connection attempt is refused
  const lost = async (maxRetriesPerRequest: number | null) => {
    // short disconnectTimeout: on disconnect ioredis waits that long for a refused socket to close
    const cluster = newCluster(['127.0.0.1:1'], { maxRetriesPerRequest, disconnectTimeout: 10 });
    cluster.on('error', () => undefined);
    await new Promise((r) => cluster.once('reconnecting', r));
    return cluster;
  };
  const within = <T>(p: Promise<T>, ms: number) =>
    Promise.race([p, new Promise((r) => setTimeout(() => r('still waiting'), ms))]);

  it("fails the api's commands at once, as a lone server's client does", async () => {
    const cluster = await lost(1);
    try {
      await expect(cluster.get('k')).rejects.toThrow(/isn't ready/);
    } finally {
      cluster.disconnect();
    }
  });

  it("keeps a worker's (and a blocking reader's) commands until the cluster is back", async () => {
    const cluster = await lost(null);
    try {
      const pending = cluster.get('k');
      pending.catch(() => undefined); // rejected by the disconnect below
      expect(await within(pending, 300)).toBe('still waiting');
    } finally {
      cluster.disconnect();
    }
  });
});
