/**
 * The control words shared by a process's thread (line-writer.ts) and its writer thread, as
 * indices into an Int32Array. HEAD and TAIL count bytes ever handed over and ever written (or
 * dropped), wrapping at 2^32; the ring's size is a power of two, so `pos & (size - 1)` is where.
 */
export const Word = {
  /** Bytes handed over: moved by the process's thread only. */
  Head: 0,
  /** Bytes written or dropped: moved by the writer thread only. */
  Tail: 1,
  /** 1 while the writer thread sleeps until Head moves. */
  Waiting: 2,
  /** Lines dropped so far: the ring was full, or a write failed. */
  Dropped: 3,
  /** 1 while the process's thread waits for Tail to reach Head (its exit, a flush). */
  Draining: 4,
  /** Never changes: a word to sleep on. */
  Sleep: 5,
} as const;
export const WORDS = 6;

/** How often the thread looks for lines while they come, in ms. */
const POLL_MS = 10;
/** Looks that found nothing before the thread sleeps until woken: 100 ms of no line. */
const IDLE_POLLS = 10;

/**
 * The writer thread's code, run with `eval` (so it needs no file beside a bundle): it writes
 * what the ring holds to the descriptor, in order, and sleeps while the ring is empty. A write
 * the descriptor refuses (`EAGAIN` aside, retried) drops what it held, counted.
 */
export const WRITER_THREAD = `
const { workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const { fd, ring, control } = workerData;
const bytes = new Uint8Array(ring);
const c = new Int32Array(control);
const size = bytes.length;
function writeAll(at, n) {
  while (n > 0) {
    try {
      const w = writeSync(fd, bytes, at, n);
      at += w;
      n -= w;
    } catch (e) {
      if (e.code === 'EAGAIN') {
        Atomics.wait(c, ${Word.Sleep}, 0, 10);
        continue;
      }
      let lines = 0;
      for (let i = at; i < at + n; i++) if (bytes[i] === 10) lines++;
      Atomics.add(c, ${Word.Dropped}, lines);
      return;
    }
  }
}
// While lines come, the thread looks every POLL_MS without being woken: a wake-up is a system
// call on the process's thread for each batch. After IDLE_POLLS looks that found nothing it
// sleeps until woken (Waiting), so an idle process's thread does not run at all.
let idle = 0;
for (;;) {
  const tail = Atomics.load(c, ${Word.Tail});
  const head = Atomics.load(c, ${Word.Head});
  if (head === tail) {
    if (++idle <= ${IDLE_POLLS}) {
      Atomics.wait(c, ${Word.Sleep}, 0, ${POLL_MS});
      continue;
    }
    Atomics.store(c, ${Word.Waiting}, 1);
    Atomics.wait(c, ${Word.Head}, head);
    Atomics.store(c, ${Word.Waiting}, 0);
    continue;
  }
  idle = 0;
  const at = tail & (size - 1);
  const n = Math.min((head - tail) >>> 0, size - at);
  writeAll(at, n);
  Atomics.store(c, ${Word.Tail}, (tail + n) | 0);
  if (Atomics.load(c, ${Word.Draining})) Atomics.notify(c, ${Word.Tail});
}
`;
