/**
 * Queue names. FROZEN: they are keys in Redis; renaming one strands the jobs queued under it.
 * Queues group operations that scale and throttle alike.
 */
export const QUEUES = ['guest-lifecycle', 'maintenance'] as const;
export type QueueName = (typeof QUEUES)[number];

/** Default global concurrency of each queue (all workers together); QUEUE_CONCURRENCY overrides. */
export const QUEUE_CONCURRENCY: Record<QueueName, number> = {
  'guest-lifecycle': 64,
  maintenance: 1,
};

export function isQueueName(name: string): name is QueueName {
  return (QUEUES as readonly string[]).includes(name);
}

/** Global concurrency per queue: defaults, overridden by `queue=n` items. */
export function queueConcurrency(overrides: readonly string[]): Record<QueueName, number> {
  const out = { ...QUEUE_CONCURRENCY };
  for (const item of overrides) {
    const [name, n] = item.split('=');
    if (!isQueueName(name)) throw new Error(`QUEUE_CONCURRENCY names unknown queue ${name}`);
    out[name] = Number(n);
  }
  return out;
}
