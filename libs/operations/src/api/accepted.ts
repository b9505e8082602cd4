import type { Envelope } from '#envelope';

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
  ) {}
}
