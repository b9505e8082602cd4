import { Redis } from 'ioredis';
import { redisOptions } from '#config';

/** Whether a Redis server answers PING at `url` within a short time. */
export async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis({
    ...redisOptions(url, 'api'),
    lazyConnect: true,
    sentinelRetryStrategy: () => null,
    connectTimeout: 1500,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}
