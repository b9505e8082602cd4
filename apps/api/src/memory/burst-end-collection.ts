import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';

/** How often the number of held requests is looked at. */
const CHECK_MS = 250;

/**
 * One full collection of V8's heap once a burst of held requests has been answered: when the
 * requests held by this process rose by at least `minBurst` and have fallen back to within an
 * eighth of that rise. A burst's requests live long enough (seconds, held for their operations)
 * to be moved to the old generation, and V8 raises that generation's limit with them; once
 * they are answered their memory is garbage that no major collection clears while the api stays
 * busy (the queued operations' events keep coming), so the next burst lands on top of it: 10,000
 * held starts and then 15,000 long-polls peaked at 425–528 MiB with the same code
 * (docs/decisions/0008). Collected, the next burst reuses that memory and V8 sets
 * its limit from what is still alive.
 */
export class BurstEndCollection {
  /** Fewest held since the last collection (at start, none): what a burst rises from. */
  private low = 0;
  /** Most held in the burst under way; 0 while none is. */
  private high = 0;

  constructor(
    private readonly held: () => number,
    private readonly minBurst: number,
    /** Called with how many the burst held at most. */
    private readonly collect: (high: number) => void,
  ) {}

  /** Looks at the held count once (the interval calls it; tests too). */
  check(): void {
    const n = this.held();
    if (!this.high) {
      this.low = Math.min(this.low, n);
      if (n - this.low >= this.minBurst) this.high = n;
      return;
    }
    this.high = Math.max(this.high, n);
    if (n - this.low <= (this.high - this.low) / 8) {
      const high = this.high;
      // what is still held was part of this burst: the next one must rise from here
      this.low = n;
      this.high = 0;
      this.collect(high);
    }
  }

  /** Checks every 250 ms, without keeping the process alive; returns the stop function. */
  every(ms = CHECK_MS): () => void {
    const timer = setInterval(() => this.check(), ms);
    timer.unref();
    return () => clearInterval(timer);
  }
}

/**
 * V8's full collection as a function: allowed at run time and read from a fresh context, as
 * Jest's leak detector does, so the api's command line needs no `--expose-gc` and its own
 * global scope gets no `gc`.
 */
export function fullCollection(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}
