import { writeSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { WORDS, Word, WRITER_THREAD } from './line-writer.thread.js';

/**
 * What may wait for a reader that stalls, before lines are dropped: some 3,800 request lines,
 * minutes of an ordinary api's output, a tenth of a second of a bench's.
 */
export const WAITING_BYTES = 1 << 20;
/** How long the end of a process (or a flush) waits for what waits to be written. */
const DRAIN_MS = 5000;
/** A writer thread that ended is started again by a later write, at most this often. */
const RESTART_MS = 10000;

export interface LineWriterOptions {
  /** Bytes that may wait, a power of two: WAITING_BYTES. */
  size?: number;
  /** How long drain() waits at most: DRAIN_MS. */
  drainMs?: number;
}

/** Where gathered lines go: `write` copies the bytes (or drops them) before it returns. */
export interface LineSink {
  write(bytes: Uint8Array): void;
  /** Returns once what was written has reached the descriptor, or after some seconds. */
  drain(): void;
}

const linesIn = (bytes: Uint8Array): number => {
  let n = 0;
  for (let i = bytes.indexOf(10); i !== -1; i = bytes.indexOf(10, i + 1)) n++;
  return n;
};

/**
 * A process's lines written to a descriptor by a thread of its own, so the event loop never
 * waits on the reader of its output: it copies each batch into a shared ring and goes on. A
 * journald, a container runtime's log driver or a shipper that stops reading for a while used
 * to freeze the whole process (health probes, lock renewals) once the pipe was full; now up to
 * WAITING_BYTES wait, and what comes past that is dropped and counted: `dropped()`, and a line
 * saying how many (`note`) before the next lines written. A process that ends waits up to
 * DRAIN_MS for its lines to be written (drain), in order.
 */
export class LineWriter implements LineSink {
  private readonly ring: Uint8Array;
  private readonly control: Int32Array;
  /** Lines dropped that a note has told of. */
  private told = 0;
  private running = false;
  private thread: Worker | undefined;
  /** When the thread was last started (-RESTART_MS: never, so the first line starts one). */
  private started = -RESTART_MS;
  private readonly drainMs: number;

  constructor(
    private readonly fd: number,
    private readonly note: (dropped: number) => string,
    { size = WAITING_BYTES, drainMs = DRAIN_MS }: LineWriterOptions = {},
  ) {
    if (size & (size - 1)) throw new RangeError('the ring size must be a power of two');
    this.drainMs = drainMs;
    this.ring = new Uint8Array(new SharedArrayBuffer(size));
    this.control = new Int32Array(new SharedArrayBuffer(WORDS * 4));
  }

  /** Lines dropped so far. */
  dropped(): number {
    return Atomics.load(this.control, Word.Dropped);
  }

  write(bytes: Uint8Array): void {
    // started with the first line: a process that writes none (LOG_LEVEL=silent) has no thread
    if (!this.running && Date.now() >= this.started + RESTART_MS) this.start();
    const dropped = this.dropped();
    if (dropped !== this.told) {
      // told with the first line kept after the drop, not squeezed into the last bytes of a
      // full ring (where notes of one line each would follow one another while it stays full)
      const note = Buffer.from(this.note(dropped - this.told));
      const kept = bytes.length > this.ring.length ? 0 : bytes.length;
      if (note.length + kept > this.free() || !this.push(note)) {
        Atomics.add(this.control, Word.Dropped, linesIn(bytes));
        return;
      }
      this.told = dropped;
    }
    if (this.push(bytes)) return;
    // a line longer than the ring (a megabyte): written here, once all before it is, in order
    if (bytes.length > this.ring.length && this.drain() && this.writeHere(bytes)) return;
    Atomics.add(this.control, Word.Dropped, linesIn(bytes));
  }

  /** Waits until all handed over is written, or drainMs at most; true when it was. */
  drain(): boolean {
    const c = this.control;
    const end = Date.now() + this.drainMs;
    // lines wait for a thread that ended: the process may be ending, so one comes now
    if (!this.running && Atomics.load(c, Word.Tail) !== Atomics.load(c, Word.Head)) this.start();
    Atomics.store(c, Word.Draining, 1);
    Atomics.notify(c, Word.Sleep); // a thread between two looks looks now
    for (let tail; (tail = Atomics.load(c, Word.Tail)) !== Atomics.load(c, Word.Head);) {
      const left = end - Date.now();
      if (left <= 0) break;
      Atomics.wait(c, Word.Tail, tail, left);
    }
    Atomics.store(c, Word.Draining, 0);
    return Atomics.load(c, Word.Tail) === Atomics.load(c, Word.Head);
  }

  /** Writes `bytes` from this thread (the writer's is idle); false when not all of it went. */
  private writeHere(bytes: Uint8Array): boolean {
    const end = Date.now() + this.drainMs;
    for (let at = 0; at < bytes.length;) {
      try {
        at += writeSync(this.fd, bytes, at);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EAGAIN' || Date.now() > end) return false;
        Atomics.wait(this.control, Word.Sleep, 0, 10);
      }
    }
    return true;
  }

  /** Bytes the ring has room for now (more, once the thread has written some). */
  private free(): number {
    const c = this.control;
    return this.ring.length - ((Atomics.load(c, Word.Head) - Atomics.load(c, Word.Tail)) >>> 0);
  }

  /** Copies `bytes` into the ring and wakes the thread if it sleeps; false when they do not fit. */
  private push(bytes: Uint8Array): boolean {
    const { ring, control: c } = this;
    const head = Atomics.load(c, Word.Head);
    if (bytes.length > this.free()) return false;
    const at = head & (ring.length - 1);
    const first = Math.min(bytes.length, ring.length - at);
    ring.set(first === bytes.length ? bytes : bytes.subarray(0, first), at);
    if (first < bytes.length) ring.set(bytes.subarray(first), 0);
    Atomics.store(c, Word.Head, (head + bytes.length) | 0);
    if (Atomics.load(c, Word.Waiting)) Atomics.notify(c, Word.Head);
    return true;
  }

  private start(): void {
    this.started = Date.now();
    let thread: Worker;
    try {
      thread = this.thread = new Worker(WRITER_THREAD, {
        eval: true,
        workerData: { fd: this.fd, ring: this.ring.buffer, control: this.control.buffer },
        // not the process's flags: a --cpu-prof would have the thread write a profile of its own
        execArgv: [],
        // the thread is all but a loop around writeSync: a small heap is plenty
        resourceLimits: { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 2 },
      });
    } catch {
      return; // no thread to be had (a process at its limit): lines wait, then are counted
    }
    this.running = true;
    thread.unref();
    thread.on('error', () => undefined); // an 'error' without a listener would end the process
    // it never ends on its own; if it is ended (out of memory), lines wait for the next one,
    // started by a later write
    thread.once('exit', () => (this.running = false));
  }
}

/** One writer per descriptor in a process, whichever of its loggers writes there. */
const writers = new Map<number, LineWriter>();

/** The writer of descriptor `fd`, made on first use with `note` for its dropped lines. */
export function lineWriterFor(fd: number, note: (dropped: number) => string): LineWriter {
  let w = writers.get(fd);
  if (!w) writers.set(fd, (w = new LineWriter(fd, note)));
  return w;
}

/** Log lines this process dropped because its output was not read (all descriptors). */
export function droppedLogLines(): number {
  let n = 0;
  for (const w of writers.values()) n += w.dropped();
  return n;
}
