import type pino from 'pino';
import { onExit } from 'signal-exit';

type SonicBoom = ReturnType<typeof pino.destination>;

/** How long a line may wait for others to be written with it. */
const GATHER_MS = 20;
/** Written at once when this many characters wait (about as many bytes: lines are mostly ASCII). */
const GATHER_CHARS = 32 * 1024;

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
 * A process's JSON lines, gathered for up to 20 ms (or 32 KiB) and written with one `write(2)`
 * through a synchronous sonic-boom. Under load each line used to be its own asynchronous write:
 * a thread-pool request and its completion per line, plus a byte buffer made per line
 * (bench/README.md, session 13). Synchronous, so nothing is ever in flight: lines are written
 * in order and, when the process ends (writeAllAtEnd), whatever waits is written first; an
 * asynchronous write still in flight then could land after the lines written at the end, or
 * not at all. The timer runs only while lines wait, so an idle logger never writes.
 */
export class GatheredLines {
  private waiting: string[] = [];
  private chars = 0;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly boom: SonicBoom) {
    boom.on('close', () => {
      this.closed = true;
      clearTimeout(this.timer);
    });
    writeAllAtEnd(this);
  }

  write(line: string): boolean {
    this.waiting.push(line);
    this.chars += line.length;
    if (this.chars >= GATHER_CHARS) this.writeWaiting();
    else this.timer ??= setTimeout(() => this.writeWaiting(), GATHER_MS).unref();
    return true;
  }

  /** pino's `logger.flush(cb)`: whatever waits is written now. */
  flush(cb?: (err?: Error) => void): void {
    this.writeWaiting();
    this.boom.flush(cb);
  }

  flushSync(): void {
    this.writeWaiting();
  }

  private writeWaiting(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.waiting.length === 0 || this.closed) return;
    const text = this.waiting.length === 1 ? this.waiting[0] : this.waiting.join('');
    this.waiting = [];
    this.chars = 0;
    // sonic-boom's buffer mode: its string mode measures the whole pending text on each write
    (this.boom.write as unknown as (bytes: Buffer) => boolean)(Buffer.from(text));
  }
}
