import type { RedisOptions } from 'bullmq';

/** `host:port` list of a sentinel URL's authority. */
function sentinels(hosts: string): { host: string; port: number }[] {
  return hosts.split(',').map((h) => {
    const m = /^\[?([^\]]*?)\]?(?::(\d+))?$/.exec(h.trim());
    return { host: m?.[1] || '127.0.0.1', port: Number(m?.[2] || 26379) };
  });
}

/**
 * ioredis options from a Redis URL: `redis://` / `rediss://` for one server, or
 * `redis+sentinel://[user:password@]host:port[,host:port…]/<master name>[/<db>]` for a master
 * found (and followed across failovers) through Sentinel; the password is the master's. The api
 * fails fast when Redis is down; workers wait for it (`maxRetriesPerRequest: null`, as BullMQ
 * requires for workers).
 */
export function redisOptions(url: string, role: 'api' | 'worker'): RedisOptions {
  const common = {
    connectTimeout: 5000,
    maxRetriesPerRequest: role === 'worker' ? null : 1,
  };
  const sentinel =
    /^rediss?\+sentinel:\/\/(?:([^:@/]*)(?::([^@/]*))?@)?([^/]+)\/([^/]+)(?:\/(\d+))?$/.exec(url);
  if (sentinel) {
    const [, user, password, hosts, name, db] = sentinel;
    return {
      ...common,
      sentinels: sentinels(hosts),
      name: decodeURIComponent(name),
      username: user ? decodeURIComponent(user) : undefined,
      password: password ? decodeURIComponent(password) : undefined,
      db: db ? Number(db) : 0,
      tls: url.startsWith('rediss+') ? {} : undefined,
      // after a failover the old master answers READONLY until the sentinels reconfigure it
      reconnectOnError: (e: Error) => e.message.startsWith('READONLY'),
    };
  }
  const u = new URL(url);
  return {
    ...common,
    host: u.hostname || '127.0.0.1',
    port: Number(u.port || 6379),
    username: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0,
    tls: u.protocol === 'rediss:' ? {} : undefined,
  };
}
