import Denque from 'denque';

/** Calls run per turn of the event loop once they queue up. */
export const CALLS_PER_TURN = 500;

/**
 * Runs calls in the order they are handed in, at most `perTurn` per turn of the event loop:
 * thousands of requests waiting on the same thing (15,000 long-polls of one operation, 9,000
 * waits reaching their deadline together, 10,000 submissions arriving at once) would otherwise
 * all go on in one turn and hold the loop for seconds, with health probes behind them. While a
 * turn's budget lasts and nothing is queued, a call runs at once, as if called directly.
 */
export class TurnSlicer {
  /**
   * A deque that lets go of each call as it is taken: an array read by an index held every call
   * (and so its request) until the queue emptied, which a steady load seldom let it do; the
   * promoted garbage made `GET /`'s young-generation collections six times longer
   * (docs/decisions/0007).
   */
  private readonly queue = new Denque<() => void>();
  private budget: number;
  private turnScheduled = false;

  /** `onError`: told of a call that threw; the calls after it still run. */
  constructor(
    private readonly onError: (e: unknown) => void,
    private readonly perTurn = CALLS_PER_TURN,
  ) {
    this.budget = perTurn;
  }

  /** Calls queued for a later turn. */
  get queued(): number {
    return this.queue.length;
  }

  run(calls: readonly (() => void)[]): void {
    for (const call of calls) {
      if (!this.queued && this.budget > 0) {
        this.budget--;
        this.call(call);
      } else this.queue.push(call);
    }
    this.nextTurn();
  }

  private call(call: () => void): void {
    try {
      call();
    } catch (e) {
      this.onError(e);
    }
  }

  /** Once a turn has spent any of its budget: a new budget next turn, and the queue drained. */
  private nextTurn(): void {
    if (this.turnScheduled || (this.budget === this.perTurn && !this.queued)) return;
    this.turnScheduled = true;
    setImmediate(() => {
      this.turnScheduled = false;
      this.budget = this.perTurn;
      while (this.queued && this.budget > 0) {
        this.budget--;
        this.call(this.queue.shift()!);
      }
      this.nextTurn();
    });
  }
}
