import type { RedisOptions } from 'bullmq';

/**
 * ioredis options from a redis:// URL. The api fails fast when Redis is down; workers wait for
 * it (`maxRetriesPerRequest: null`, as BullMQ requires for workers).
 */
export function redisOptions(url: string, role: 'api' | 'worker'): RedisOptions {
  const u = new URL(url);
  return {
    host: u.hostname || '127.0.0.1',
    port: Number(u.port || 6379),
    username: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0,
    tls: u.protocol === 'rediss:' ? {} : undefined,
    connectTimeout: 5000,
    maxRetriesPerRequest: role === 'worker' ? null : 1,
  };
}
