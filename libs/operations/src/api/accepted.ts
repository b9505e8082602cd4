import type { Envelope } from '#envelope';
import type { Held } from '../queue-drain.service.js';

/**
 * An operation that did not end in time. The envelope interceptor answers it with
 * 202, Location, Preference-Applied and Retry-After.
 */
export class Accepted {
  constructor(
    readonly envelope: Envelope,
    readonly location: string,
    readonly retryAfterS: number,
    readonly preferenceApplied?: string,
    /** Why it does not start yet: its queue is drained (header Operation-Held). */
    readonly held?: Held,
  ) {}
}
