import type { OperationRecord, SubscriptionRecord } from '#persistence';

/** The events a subscription may ask for; `operation.*` is every one of them. */
export const EVENTS = [
  'operation.succeeded',
  'operation.failed',
  'operation.cancelled',
  'operation.needs_attention',
] as const;
export const ANY_EVENT = 'operation.*';
export const SUBSCRIBABLE = [...EVENTS, ANY_EVENT] as const;

/** The event of a test message (POST /webhooks/{id}/test). */
export const TEST_EVENT = 'webhook.test';

/** The event of an operation that reached `status`. */
export const eventOf = (status: string): string => `operation.${status}`;

/** Whether a subscription wants the ending of `op` as `event`. */
export function wants(
  sub: Pick<SubscriptionRecord, 'events' | 'kinds' | 'userids' | 'enabled'>,
  op: Pick<OperationRecord, 'kind' | 'target'>,
  event: string,
): boolean {
  if (!sub.enabled) return false;
  if (!sub.events.includes(ANY_EVENT) && !sub.events.includes(event)) return false;
  if (sub.kinds.length && !sub.kinds.includes(op.kind)) return false;
  return !sub.userids.length || (!!op.target && sub.userids.includes(op.target.toUpperCase()));
}
