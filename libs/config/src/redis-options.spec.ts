import { redisOptions } from './redis-options.js';

describe('redisOptions', () => {
  it('reads one server from redis:// and rediss://', () => {
    expect(redisOptions('redis://:s%40cret@10.0.0.5:6380/2', 'api')).toMatchObject({
      host: '10.0.0.5',
      port: 6380,
      password: 's@cret',
      db: 2,
      maxRetriesPerRequest: 1,
    });
    expect(redisOptions('rediss://r.example.com', 'worker')).toMatchObject({
      port: 6379,
      tls: {},
      maxRetriesPerRequest: null,
    });
  });

  it('reads a Sentinel set, its master name, password and db from redis+sentinel://', () => {
    const o = redisOptions(
      'redis+sentinel://:pw@10.0.0.1:26379,10.0.0.2,[::1]:26380/main/3',
      'api',
    );
    expect(o).toMatchObject({
      sentinels: [
        { host: '10.0.0.1', port: 26379 },
        { host: '10.0.0.2', port: 26379 },
        { host: '::1', port: 26380 },
      ],
      name: 'main',
      password: 'pw',
      db: 3,
    });
    expect(o).not.toHaveProperty('host');
    const reconnect = o.reconnectOnError as (e: Error) => boolean;
    expect(reconnect(new Error("READONLY You can't write against a read only replica."))).toBe(
      true,
    );
    expect(reconnect(new Error('ERR other'))).toBe(false);
  });
});
