/** What the gate asks of a queue: how many of its jobs wait (waiting, delayed, prioritized). */
export type BacklogCount = () => Promise<number>;

interface Snapshot {
  /** The queue's backlog as last counted in Redis. */
  counted: number;
  /** When it was counted (ms, this process's clock). */
  at: number;
  /**
   * Operations this process admitted that `counted` may not include: those admitted since,
   * and those admitted before whose jobs had not reached the queue when it was counted.
   */
  admittedSince: number;
}

/**
 * The backlog check of one queue without a Redis script per submission: while the backlog
 * (last count plus what this process admitted since) is below half the limit and the count is
 * younger than `maxAgeMs`, it is not asked again; nearer the limit every submission asks. Other
 * api processes' admissions are unseen only for `maxAgeMs`, and only far below the limit.
 */
export class BacklogGate {
  private snapshot: Snapshot | null = null;
  private counting: Promise<number> | null = null;
  /** Admitted here, their jobs not yet in the queue (so no count can see them). */
  private pending = 0;

  constructor(
    private readonly count: BacklogCount,
    private readonly limit: number,
    private readonly maxAgeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Resolves true when one more job may join the queue (and counts it as admitted). */
  async admit(): Promise<boolean> {
    const s = this.snapshot;
    const fresh = s && this.now() - s.at < this.maxAgeMs;
    if (fresh && s.counted + s.admittedSince < this.limit / 2) {
      s.admittedSince++;
      this.pending++;
      return true;
    }
    const backlog = await this.recount();
    if (backlog >= this.limit) return false;
    if (this.snapshot) this.snapshot.admittedSince++;
    this.pending++;
    return true;
  }

  /** An admitted submission's job is in the queue now, or will never be (counts see it or not). */
  queued(): void {
    if (this.pending > 0) this.pending--;
  }

  /** One count in flight at a time: submissions arriving meanwhile share its answer. */
  private recount(): Promise<number> {
    this.counting ??= (async () => {
      const at = this.now();
      // admitted before, still on their way to the queue: the count may not see them
      const unseen = this.pending;
      try {
        const counted = await this.count();
        this.snapshot = { counted, at, admittedSince: unseen };
        return counted;
      } finally {
        this.counting = null;
      }
    })();
    return this.counting;
  }
}
