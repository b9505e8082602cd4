/**
 * Queue names. FROZEN: they are keys in Redis; renaming one strands the jobs queued under it.
 * Queues group operations that scale and throttle alike.
 */
export const QUEUES = ['guest-lifecycle'] as const;
export type QueueName = (typeof QUEUES)[number];

export function isQueueName(name: string): name is QueueName {
  return (QUEUES as readonly string[]).includes(name);
}
