import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SimState } from './state.types.js';

const FILE = 'state.json';

/**
 * Keeps the simulated system on disk as one JSON file. Writes are debounced (a burst of calls
 * costs one write) and atomic (temp file + rename), so a crash never leaves a torn file.
 */
export class StateStore {
  private timer: NodeJS.Timeout | undefined;
  private pending: SimState | undefined;
  private writing: Promise<void> = Promise.resolve();
  private tmpSeq = 0;
  /** A failed background write, reported by the next flush. */
  private failure: Error | undefined;

  constructor(
    readonly dir: string,
    private readonly debounceMs = 25,
  ) {}

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

  /** Saves `state` soon; the latest state wins. */
  scheduleSave(state: SimState): void {
    this.pending = state;
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.writeOut();
    }, this.debounceMs);
  }

  /** Writes any pending state now and waits for every write to finish. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    await this.writeOut();
    const failure = this.failure;
    this.failure = undefined;
    if (failure) throw failure;
  }

  private writeOut(): Promise<void> {
    const state = this.pending;
    this.pending = undefined;
    if (state) {
      // Serialise now, so later mutations do not leak into this write.
      const text = JSON.stringify(state, null, 1);
      this.writing = this.writing
        .then(() => this.atomicWrite(text))
        .catch((e: unknown) => {
          this.failure = e instanceof Error ? e : new Error(String(e));
        });
    }
    return this.writing;
  }

  private async atomicWrite(text: string): Promise<void> {
    const tmp = `${this.file}.${process.pid}.${++this.tmpSeq}.tmp`;
    await writeFile(tmp, text, 'utf8');
    await rename(tmp, this.file);
  }
}
