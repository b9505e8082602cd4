import { jest } from '@jest/globals';
import { GatheredLines } from './gathered-lines.js';
import type { LineSink } from './line-writer.js';

/** Stands in for the line writer: records what it is given to write, and each drain. */
class FakeSink implements LineSink {
  readonly writes: string[] = [];
  drains = 0;
  write(bytes: Uint8Array): void {
    // copied now, as the writer does: the gathering buffer is used again at once
    this.writes.push(Buffer.from(bytes).toString('utf8'));
  }
  drain(): void {
    this.drains++;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function gathered() {
  const boom = new FakeSink();
  return { boom, lines: new GatheredLines(boom) };
}

describe('GatheredLines', () => {
  it('writes the lines of many turns as one buffer, in order, within about 20 ms', async () => {
    const { boom, lines } = gathered();
    const sent: string[] = [];
    for (let i = 0; i < 50; i++) {
      const line = `{"n":${i},"msg":"Grüße ✓"}\n`;
      sent.push(line);
      lines.write(line);
      await new Promise((r) => setImmediate(r));
    }
    await sleep(40);
    expect(boom.writes.join('')).toBe(sent.join(''));
    // one per line before; a few at most on a slow machine (a turn may outlast 20 ms)
    expect(boom.writes.length).toBeLessThan(10);
  });

  it('writes at once when 32 KiB wait', () => {
    const { boom, lines } = gathered();
    const line = `${'x'.repeat(1023)}\n`;
    for (let i = 0; i < 31; i++) lines.write(line);
    expect(boom.writes).toHaveLength(0);
    lines.write(line);
    expect(boom.writes).toHaveLength(1);
    expect(boom.writes[0]).toBe(line.repeat(32));
  });

  it('writes nothing while nothing waits: no empty writes, no timer left', async () => {
    const { boom, lines } = gathered();
    lines.write('a\n');
    await sleep(40);
    await sleep(60);
    expect(boom.writes).toEqual(['a\n']);
    lines.flush();
    expect(boom.writes).toEqual(['a\n']);
  });

  it('hands on what waits and drains the writer on flush and flushSync', () => {
    const { boom, lines } = gathered();
    lines.write('a\n');
    lines.flushSync();
    expect(boom.writes).toEqual(['a\n']);
    expect(boom.drains).toBe(1);
    lines.write('b\n');
    const flushed = jest.fn();
    lines.flush(flushed);
    expect(boom.writes).toEqual(['a\n', 'b\n']);
    expect(boom.drains).toBe(2);
    expect(flushed).toHaveBeenCalledTimes(1);
  });

  it('hands on a line longer than its buffer after what waited, in order', () => {
    const { boom, lines } = gathered();
    lines.write('a\n');
    const long = `${'y'.repeat(70 * 1024)}\n`;
    lines.write(long);
    lines.write('b\n');
    lines.flushSync();
    expect(boom.writes).toEqual(['a\n', long, 'b\n']);
  });
});
