/** How far apart two deadlines may be and still share a timer: a wait may end this much later. */
export const DEADLINE_GRAIN_MS = 20;

/**
 * Deadlines that fall within the same few milliseconds share one timer. 15,000 long-polls sent
 * at once each held a timer and a Promise.race, about 1.1 KB of heap apiece, near a tenth of a
 * held long-poll (docs/decisions/0007). What falls due is handed to `run` (the waiter's
 * TurnSlicer, a slice per turn).
 */
export class DeadlineBuckets {
  private readonly buckets = new Map<number, Set<() => void>>();

  constructor(
    private readonly run: (calls: (() => void)[]) => void,
    private readonly grainMs = DEADLINE_GRAIN_MS,
  ) {}

  /** Calls `due` once `at` (epoch ms) has passed; the function returned forgets it. */
  at(at: number, due: () => void): () => void {
    const key = Math.ceil(at / this.grainMs) * this.grainMs;
    let bucket = this.buckets.get(key);
    if (!bucket) {
      const calls = new Set<() => void>();
      bucket = calls;
      this.buckets.set(key, calls);
      setTimeout(
        () => {
          this.buckets.delete(key);
          this.run([...calls]);
        },
        Math.max(0, key - Date.now()),
      ).unref();
    }
    const calls = bucket;
    calls.add(due);
    return () => void calls.delete(due);
  }
}
