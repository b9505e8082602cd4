import { jest } from '@jest/globals';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as threads from 'node:worker_threads';

// A process at its limit (threads, memory) cannot start the writer's thread: `new Worker`
// throws. A log call must not throw with it; its lines wait, as for a reader that stalls.
let refused = 0;
let refusing = true;
class RefusingWorker extends threads.Worker {
  constructor(...args: ConstructorParameters<typeof threads.Worker>) {
    if (refusing) {
      refused++;
      throw Object.assign(new Error('no thread to be had'), { code: 'ERR_WORKER_INIT_FAILED' });
    }
    super(...args);
  }
}
jest.unstable_mockModule('node:worker_threads', () => ({ ...threads, Worker: RefusingWorker }));
const { LineWriter } = await import('./line-writer.js');

const line = (i: number) => `${String(i).padStart(6, '0')} ${'x'.repeat(92)}\n`;

describe('LineWriter without a thread', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'hvo-writer-'))));
  afterEach(() => {
    jest.restoreAllMocks();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps lines waiting, then counts them, and writes them once a thread can be had', () => {
    const file = join(dir, 'out.log');
    const fd = openSync(file, 'w');
    try {
      const realNow = Date.now.bind(Date);
      let later = 0;
      jest.spyOn(Date, 'now').mockImplementation(() => realNow() + later);
      const writer = new LineWriter(fd, (n) => `dropped ${n}\n`, { size: 4096, drainMs: 1000 });
      // 4 KiB hold 40 lines of 100 bytes; the 60 after them are dropped
      for (let i = 0; i < 100; i++) expect(() => writer.write(Buffer.from(line(i)))).not.toThrow();
      expect(refused).toBe(1); // tried with the first line, not with every line
      expect(writer.dropped()).toBe(60);
      expect(writer.drain()).toBe(false); // a drain tries again, and gives up after its time
      expect(refused).toBe(2);
      writer.write(Buffer.from(line(100))); // not tried again so soon
      expect(refused).toBe(2);
      expect(readFileSync(file, 'utf8')).toBe('');
      // ten seconds on a thread can be had: the next line starts one; what waited is written
      refusing = false;
      later = 10_000;
      writer.write(Buffer.from(line(101)));
      expect(writer.drain()).toBe(true);
      const waited = Array.from({ length: 40 }, (_, i) => line(i)).join('');
      expect(readFileSync(file, 'utf8')).toBe(waited);
      // and the next line brings the note of all that were dropped meanwhile
      writer.write(Buffer.from(line(102)));
      expect(writer.drain()).toBe(true);
      expect(readFileSync(file, 'utf8')).toBe(`${waited}dropped 62\n${line(102)}`);
    } finally {
      closeSync(fd);
    }
  });
});
