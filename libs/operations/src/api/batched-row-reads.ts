import type { OperationRecord } from '#persistence';
import type { TurnSlicer } from './turn-slicer.js';

/** What the batch needs of the operations repository. */
export interface ManyRowReader {
  getMany(ids: readonly string[]): Promise<OperationRecord[]>;
}

interface Asker {
  resolve(row: OperationRecord | null): void;
  reject(e: unknown): void;
}

/**
 * Reads of operation rows asked for in the same turn of the event loop, sent as one statement per
 * 500 ids: thousands of waits that time out together (a burst of synchronous submissions all
 * reaching SYNC_WAIT_MAX_S) would otherwise each send a query of their own, back to back, and
 * hold the event loop for as long as they all take. The answers are handed back through the
 * waiter's TurnSlicer, a slice per turn, so the responses they lead to leave room between them
 * for other requests (health probes).
 */
export class BatchedRowReads {
  private pending = new Map<string, Asker[]>();

  constructor(
    private readonly repo: ManyRowReader,
    private readonly slicer: TurnSlicer,
  ) {}

  /** The operation's row as it stands, read with the others asked for in this turn. */
  read(id: string): Promise<OperationRecord | null> {
    return new Promise((resolve, reject) => {
      if (!this.pending.size) setImmediate(() => void this.flush());
      const askers = this.pending.get(id);
      if (askers) askers.push({ resolve, reject });
      else this.pending.set(id, [{ resolve, reject }]);
    });
  }

  private async flush(): Promise<void> {
    const pending = this.pending;
    this.pending = new Map();
    let rows: Map<string, OperationRecord>;
    try {
      rows = new Map((await this.repo.getMany([...pending.keys()])).map((r) => [r.id, r]));
    } catch (e) {
      const failures: (() => void)[] = [];
      for (const askers of pending.values())
        for (const a of askers) failures.push(() => a.reject(e));
      this.slicer.run(failures);
      return;
    }
    const answers: (() => void)[] = [];
    for (const [id, askers] of pending) {
      const row = rows.get(id) ?? null;
      for (const a of askers) answers.push(() => a.resolve(row));
    }
    this.slicer.run(answers);
  }
}
