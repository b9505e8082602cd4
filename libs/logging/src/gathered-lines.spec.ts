import { EventEmitter } from 'node:events';
import { GatheredLines } from './gathered-lines.js';

/** Stands in for sonic-boom: records what it is given to write, and which flush was asked. */
class FakeBoom extends EventEmitter {
  readonly writes: string[] = [];
  readonly calls: string[] = [];
  write(bytes: Buffer): boolean {
    expect(Buffer.isBuffer(bytes)).toBe(true);
    this.writes.push(bytes.toString('utf8'));
    return true;
  }
  flush(): void {
    this.calls.push('flush');
  }
  flushSync(): void {
    this.calls.push('flushSync');
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function gathered() {
  const boom = new FakeBoom();
  return { boom, lines: new GatheredLines(boom as never) };
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

  it('writes what waits on flush and flushSync', () => {
    const { boom, lines } = gathered();
    lines.write('a\n');
    lines.flushSync();
    expect(boom.writes).toEqual(['a\n']);
    lines.write('b\n');
    lines.flush();
    expect(boom.writes).toEqual(['a\n', 'b\n']);
    expect(boom.calls).toEqual(['flush']);
  });

  it('writes nothing once sonic-boom has closed', async () => {
    const { boom, lines } = gathered();
    lines.write('a\n');
    boom.emit('close');
    await sleep(40);
    lines.flushSync();
    expect(boom.writes).toEqual([]);
    expect(boom.calls).toEqual([]);
  });
});
