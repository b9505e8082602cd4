import { execFileSync } from 'node:child_process';
import {
  closeSync,
  constants,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { LineWriter } from './line-writer.js';

const note = (n: number) => `dropped ${n}\n`;
const line = (i: number, width = 100) => `${String(i).padStart(6, '0')} ${'x'.repeat(width - 8)}\n`;

describe('LineWriter', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'hvo-writer-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes every batch in order, round and round its ring', () => {
    const file = join(dir, 'out.log');
    const fd = openSync(file, 'w');
    try {
      // 4 KiB of ring, 1,000 batches of 1 to 9 lines (some 340 KB): the ring wraps 80-odd times
      const writer = new LineWriter(fd, note, { size: 4096 });
      let sent = '';
      for (let b = 0; b < 1000; b++) {
        let batch = '';
        for (let i = 0; i < 1 + (b % 9); i++) batch += line(b * 10 + i, 40 + ((b * 7) % 60));
        writer.write(Buffer.from(batch));
        sent += batch;
        // a batch at most waits (the ring holds fewer than two): the file reads everything
        writer.drain();
      }
      writer.drain();
      expect(readFileSync(file, 'utf8')).toBe(sent);
      expect(writer.dropped()).toBe(0);
    } finally {
      closeSync(fd);
    }
  });

  it('never waits on a reader that stopped: drops past its ring, counts them, then says so', () => {
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    const fd = openSync(fifo, 'w');
    try {
      const writer = new LineWriter(fd, note, { size: 16384, drainMs: 200 });
      // 2,000 lines of 100 bytes: the pipe (64 KiB) and the ring (16 KiB) hold some 800
      for (let i = 0; i < 2000; i++) writer.write(Buffer.from(line(i)));
      const dropped = writer.dropped();
      expect(dropped).toBeGreaterThan(1000);
      // nothing is read: drain gives up after its time
      writer.drain();
      // read everything now; the next line written brings the last note first
      let text = '';
      const buf = Buffer.alloc(65536);
      const readAll = () => {
        for (;;) {
          try {
            const n = readSync(reader, buf);
            if (n === 0) return;
            text += buf.toString('utf8', 0, n);
          } catch (e) {
            if ((e as NodeJS.ErrnoException).code === 'EAGAIN') return;
            throw e;
          }
        }
      };
      // read until the thread has written all that waited
      for (let i = 0; i < 50; i++) {
        readAll();
        writer.drain();
      }
      writer.write(Buffer.from(line(2000)));
      writer.drain();
      readAll();
      const lines = text.split('\n').filter(Boolean);
      // the drops are told in notes, each of those since the one before, the last before 2000
      const notes = lines.filter((l) => l.startsWith('dropped '));
      expect(notes.reduce((n, l) => n + Number(l.slice(8)), 0)).toBe(dropped);
      expect(lines.at(-2)).toMatch(/^dropped \d+$/);
      // each note comes with a line that was kept, never one note after another
      lines.forEach((l, i) => l.startsWith('dropped ') && expect(lines[i + 1]).toMatch(/^\d{6} /));
      // every other line is one of those sent, in order, and none is cut
      const kept = lines.filter((l) => !l.startsWith('dropped '));
      const ns = kept.map((l) => Number(l.slice(0, 6)));
      expect(ns).toEqual([...ns].sort((a, b) => a - b));
      expect(kept.every((l, i) => `${l}\n` === line(ns[i]))).toBe(true);
      expect(ns.at(-1)).toBe(2000);
      expect(kept.length + dropped).toBe(2001);
      // told once
      writer.write(Buffer.from(line(2001)));
      writer.drain();
      readAll();
      expect(text.split('\n').filter((l) => l.startsWith('dropped '))).toEqual(notes);
    } finally {
      closeSync(fd);
      closeSync(reader);
    }
  });

  it('writes a line longer than its ring whole, after what came before it', () => {
    const file = join(dir, 'out.log');
    const fd = openSync(file, 'w');
    try {
      const writer = new LineWriter(fd, note, { size: 4096 });
      const long = `${'z'.repeat(10000)}\n`;
      writer.write(Buffer.from(line(1)));
      writer.write(Buffer.from(long));
      writer.write(Buffer.from(line(2)));
      writer.drain();
      expect(readFileSync(file, 'utf8')).toBe(line(1) + long + line(2));
      expect(writer.dropped()).toBe(0);
    } finally {
      closeSync(fd);
    }
  });

  it('starts a thread again when its thread ended, and writes what waited', async () => {
    const file = join(dir, 'out.log');
    const fd = openSync(file, 'w');
    try {
      const writer = new LineWriter(fd, note);
      writer.write(Buffer.from(line(1)));
      writer.drain();
      const { thread } = writer as unknown as { thread: Worker };
      await thread.terminate();
      writer.write(Buffer.from(line(2)));
      writer.drain();
      expect(readFileSync(file, 'utf8')).toBe(line(1) + line(2));
    } finally {
      closeSync(fd);
    }
  });

  it('counts the lines of a batch the descriptor refuses', () => {
    const fd = openSync(join(dir, 'ro.log'), 'w');
    closeSync(fd);
    const readOnly = openSync(join(dir, 'ro.log'), 'r');
    try {
      const writer = new LineWriter(readOnly, note);
      writer.write(Buffer.from(line(1) + line(2) + line(3)));
      writer.drain();
      expect(writer.dropped()).toBe(3);
    } finally {
      closeSync(readOnly);
    }
  });
});
