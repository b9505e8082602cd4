/**
 * Queue names. FROZEN: they are keys in Redis; renaming one strands the jobs queued under it.
 * Queues group operations that scale and throttle alike.
 */
export const QUEUES = [
  'guest-lifecycle',
  'guest-image',
  'image-repository',
  'maintenance',
  'guest-migration',
  'network',
  // completion callbacks (issue #27): one job per message to one receiver, not an operation
  'webhooks',
] as const;
export type QueueName = (typeof QUEUES)[number];

/** The queues whose jobs are operations (the worker runs them with the operation runner). */
export const OPERATION_QUEUES: readonly QueueName[] = QUEUES.filter((q) => q !== 'webhooks');

/** Default global concurrency of each queue (all workers together); QUEUE_CONCURRENCY overrides. */
export const QUEUE_CONCURRENCY: Record<QueueName, number> = {
  'guest-lifecycle': 64,
  // deploy and capture: the reference's limit of 20, but excess work waits instead of a 503
  'guest-image': 20,
  'image-repository': 4,
  maintenance: 1,
  // live relocations load the ISFC links between members: a few at a time
  'guest-migration': 4,
  // vswitch changes and NIC/interface changes: short directory and CP calls
  network: 16,
  // deliveries mostly wait on receivers: many at once, each bounded by WEBHOOK_TIMEOUT_MS
  webhooks: 32,
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
