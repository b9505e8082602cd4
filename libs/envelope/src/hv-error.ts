import type { Envelope } from './envelope.js';

/**
 * A failure with the reference's codes. `httpStatus` is set only where the reference's web
 * layer fixes the status itself (401, 404/405 routing, malformed body); otherwise the status
 * comes from the endpoint's status rule (see http-status.ts).
 */
export class HvError extends Error {
  constructor(
    readonly overallRC: number,
    readonly rc: number,
    readonly rs: number,
    readonly modID: number | null,
    message: string,
    readonly httpStatus?: number,
    /** Extra response headers (e.g. Retry-After of a 429). */
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
    this.name = 'HvError';
  }

  toEnvelope(): Envelope {
    return {
      overallRC: this.overallRC,
      rc: this.rc,
      rs: this.rs,
      errmsg: this.message,
      modID: this.modID,
      output: '',
    };
  }

  static fromEnvelope(env: Envelope): HvError {
    return new HvError(env.overallRC, env.rc, env.rs, env.modID, env.errmsg);
  }
}

/**
 * A link failure that happened before the request was written (connection refused, no
 * connection in time, a tool that could not start): the hypervisor never saw the call, so
 * whatever it was meant to do is known not to have happened. Same codes as the link failure.
 */
export class HvNotReached extends HvError {
  constructor(failure: HvError) {
    super(failure.overallRC, failure.rc, failure.rs, failure.modID, failure.message);
    this.name = 'HvNotReached';
  }
}
