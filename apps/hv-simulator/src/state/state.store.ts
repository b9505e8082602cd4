import { mkdir, open, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { SimState } from './state.types.js';

const FILE = 'state.json';

interface Waiter {
  /** The change count the caller needs on disk. */
  seq: number;
  resolve: () => void;
  reject: (e: Error) => void;
}

/**
 * Keeps the simulated system on disk as one JSON file, written atomically (temp file, fsync,
 * rename, fsync of the directory) so a crash never leaves a torn file. Group commit: every
 * change is counted; `durable()` resolves once a write holding the changes so far is on disk.
 * One write runs at a time, and every change that arrives meanwhile goes into the next one,
 * so a burst of calls shares a few writes and none is answered before its change is saved.
 */
export class StateStore {
  private state: SimState | undefined;
  /** Changes so far, and how many of them the last finished write holds. */
  private changes = 0;
  private saved = 0;
  private waiters: Waiter[] = [];
  private running: Promise<void> | undefined;
  private tmpSeq = 0;
  /** The last write's failure, until a later write succeeds (reported by flush). */
  private failure: Error | undefined;

  constructor(readonly dir: string) {}

  get file(): string {
    return join(this.dir, FILE);
  }

  /** The saved state, or undefined when there is none yet. Throws on an unreadable file. */
  async load(): Promise<SimState | undefined> {
    await mkdir(this.dir, { recursive: true });
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw e;
    }
    const parsed = JSON.parse(text) as Partial<SimState>;
    if (
      parsed.version !== 1 ||
      typeof parsed.users !== 'object' ||
      typeof parsed.pools !== 'object'
    ) {
      throw new Error(`${this.file}: not a hv-simulator state file (version 1)`);
    }
    return parsed as SimState;
  }

  /** Counts a change of `state` (call it after mutating); a write starts soon. */
  scheduleSave(state: SimState): void {
    this.state = state;
    this.changes++;
    this.kick();
  }

  /** Resolves once every change counted so far is on disk; rejects if its write failed. */
  durable(): Promise<void> {
    if (this.saved >= this.changes) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.waiters.push({ seq: this.changes, resolve, reject });
      this.kick();
    });
  }

  /** Writes any pending change now; throws the last write's failure if none succeeded since. */
  async flush(): Promise<void> {
    await this.durable().catch(() => undefined);
    const failure = this.failure;
    this.failure = undefined;
    if (failure) throw failure;
  }

  /**
   * Starts the writer unless it runs. It starts on the next turn of the event loop, so the
   * call that counted a change has finished mutating before the state is serialised.
   */
  private kick(): void {
    this.running ??= new Promise<void>((r) => setImmediate(r))
      .then(() => this.writeLoop())
      .finally(() => {
        this.running = undefined;
        // a change counted after the loop's last check, or a failed write someone waits for
        if (this.saved < this.changes && this.waiters.length) this.kick();
      });
  }

  private async writeLoop(): Promise<void> {
    while (this.state && this.saved < this.changes) {
      const seq = this.changes;
      // Serialise now: later mutations go into the next write.
      const text = JSON.stringify(this.state, null, 1);
      try {
        await this.atomicWrite(text);
      } catch (e) {
        this.failure = e instanceof Error ? e : new Error(String(e));
        this.settle(seq, this.failure);
        return;
      }
      this.saved = seq;
      this.failure = undefined;
      this.settle(seq);
    }
  }

  /** Answers the waiters whose changes the write of `seq` held. */
  private settle(seq: number, failure?: Error): void {
    const done = this.waiters.filter((w) => w.seq <= seq);
    this.waiters = this.waiters.filter((w) => w.seq > seq);
    for (const w of done) {
      if (failure) w.reject(failure);
      else w.resolve();
    }
  }

  protected async atomicWrite(text: string): Promise<void> {
    const tmp = `${this.file}.${process.pid}.${++this.tmpSeq}.tmp`;
    const fh = await open(tmp, 'w');
    try {
      await fh.writeFile(text, 'utf8');
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(tmp, this.file);
    // the rename itself reaches the disk with the directory's own sync
    const d = await open(this.dir, 'r');
    try {
      await d.sync();
    } finally {
      await d.close();
    }
  }
}
