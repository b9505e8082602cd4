import { Errors, HvError, ok } from '#envelope';
import type { OperationRecord } from '#persistence';
import { Accepted } from './accepted.js';
import type { Held } from '../queue-drain.service.js';
import { operationView } from '../operation-view.js';
import { type Preferences, preferenceApplied } from './prefer.js';

/** Seconds a client is told to wait before submitting again while Redis is unreachable. */
export const QUEUE_RETRY_AFTER_S = 5;

/** A Redis failure (not one of our answers) becomes 503 with Retry-After, never a 500. */
export function queueDown(e: unknown): never {
  if (e instanceof HvError) throw e;
  throw Errors.queueUnavailable(QUEUE_RETRY_AFTER_S);
}

/** How long a request waits for its operation: not at all with respond-async, else ≤ the cap. */
export function waitMsFor(p: Preferences, syncWaitMaxS: number): number {
  if (p.respondAsync) return 0;
  return Math.min(p.wait ?? syncWaitMaxS, syncWaitMaxS) * 1000;
}

/** The 202 of an operation still queued or running (`held`: why it does not start yet). */
export function acceptedFor(op: OperationRecord, prefer: Preferences, held?: Held): Accepted {
  const view = operationView(op, held);
  return new Accepted(
    ok(view),
    view.links.self,
    op.status === 'queued' ? 2 : 1,
    preferenceApplied(prefer),
    held,
  );
}
