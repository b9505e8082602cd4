import { onExit } from 'signal-exit';
import type { LineSink } from './line-writer.js';

/** How long a line may wait for others to be written with it. */
const GATHER_MS = 20;
/** Written at once when this many bytes wait. */
const GATHER_BYTES = 32 * 1024;
/** The buffer lines are gathered in: a line that fits in what is left waits there. */
const KEPT_BYTES = 64 * 1024;

/** Every destination alive in this process, held weakly (a test process makes many). */
const alive = new Set<WeakRef<GatheredLines>>();
const forget = new FinalizationRegistry<WeakRef<GatheredLines>>((ref) => alive.delete(ref));
let hooked = false;

/**
 * Writes what waits in every destination when the process ends: at exit (process.exit, an
 * uncaught throw, no work left) and on a signal that ends it, including one re-raised after a
 * handler of the process's own (Nest's shutdown hooks close the api, then kill it with the
 * signal again, and a killed process has no 'exit' event).
 */
function writeAllAtEnd(lines: GatheredLines): void {
  const ref = new WeakRef(lines);
  alive.add(ref);
  forget.register(lines, ref);
  if (hooked) return;
  hooked = true;
  onExit(() => {
    for (const r of alive) r.deref()?.flushSync();
  });
}

/**
 * A process's JSON lines, gathered for up to 20 ms (or 32 KiB) and handed on as one batch to
 * the process's line writer (line-writer.ts), whose thread writes it. Each line used to be its
 * own write, then (session 13) each batch one `write(2)` on the event loop; the writer thread
 * now takes the write off it. Lines are handed on in order and, when the process ends
 * (writeAllAtEnd), whatever waits is handed on and written before it goes. The timer runs only
 * while lines wait, so an idle logger never writes.
 *
 * Each line is encoded into the gathering buffer as it comes, so it dies young instead of
 * waiting as a string to be joined and encoded again; a line of lineFrame's is copied in
 * byte for byte (reserve, commit; docs/decisions/0010).
 */
export class GatheredLines {
  private readonly kept = Buffer.allocUnsafeSlow(KEPT_BYTES);
  private used = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly sink: LineSink) {
    writeAllAtEnd(this);
  }

  /** pino's write: a line of any text, encoded as UTF-8 (at most 3 bytes a UTF-16 unit). */
  write(line: string): boolean {
    if (this.makeRoom(line.length * 3)) this.used += this.kept.write(line, this.used, 'utf8');
    else this.sink.write(Buffer.from(line));
    this.gathered();
    return true;
  }

  /**
   * For a writer that copies a line in itself (lineFrame): the buffer, with room for `bytes`
   * more from `used`, or undefined when a line that long does not fit in it at all.
   */
  reserve(bytes: number): Buffer | undefined {
    return this.makeRoom(bytes) ? this.kept : undefined;
  }

  /** Where the next line goes in the buffer reserve() gave. */
  get end(): number {
    return this.used;
  }

  /** The line copied in by the writer ends at `end`. */
  commit(end: number): void {
    this.used = end;
    this.gathered();
  }

  /** pino's `logger.flush(cb)`: whatever waits is written now. */
  flush(cb?: (err?: Error) => void): void {
    this.flushSync();
    cb?.();
  }

  flushSync(): void {
    this.writeWaiting();
    this.sink.drain();
  }

  /** Whether `bytes` more fit in the buffer, once what waits is written if need be. */
  private makeRoom(bytes: number): boolean {
    if (bytes <= KEPT_BYTES - this.used) return true;
    this.writeWaiting();
    return bytes <= KEPT_BYTES;
  }

  private gathered(): void {
    if (this.used >= GATHER_BYTES) this.writeWaiting();
    else if (this.used > 0) this.timer ??= setTimeout(() => this.writeWaiting(), GATHER_MS).unref();
  }

  private writeWaiting(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.used === 0) return;
    const used = this.used;
    this.used = 0;
    this.sink.write(this.kept.subarray(0, used)); // copied: the buffer is used again at once
  }
}
