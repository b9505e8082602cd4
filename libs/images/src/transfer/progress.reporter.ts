/**
 * Turns byte counts into operation progress between `from` and `to` percent, reporting at most
 * once per percent and per `minIntervalMs`: every report is a database write and a job update.
 */
export class ProgressReporter {
  private last = -1;
  private lastAt = 0;
  private pending: Promise<void> = Promise.resolve();

  constructor(
    private readonly report: (percent: number) => Promise<void>,
    private readonly from = 0,
    private readonly to = 100,
    private readonly minIntervalMs = 500,
  ) {}

  /** Records `done` of `total` bytes; never waits (reports are chained in the background). */
  update(done: number, total: number | null): void {
    if (!total) return;
    const percent = Math.floor(this.from + ((this.to - this.from) * Math.min(done, total)) / total);
    const now = Date.now();
    if (percent <= this.last || now - this.lastAt < this.minIntervalMs) return;
    this.last = percent;
    this.lastAt = now;
    // a failed progress write must not fail the transfer
    this.pending = this.pending.then(() => this.report(percent)).catch(() => undefined);
  }

  /** Resolves once the reports made so far are written. */
  flush(): Promise<void> {
    return this.pending;
  }
}
