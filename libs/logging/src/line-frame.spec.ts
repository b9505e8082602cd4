import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import pino from 'pino';
import { GatheredLines } from './gathered-lines.js';
import { jsonAscii } from './json-text.js';
import { type LineFrame, lineFrame } from './line-frame.js';
import { loggerOptions } from './logger.factory.js';
import { capturedLogger } from './testing/captured-logger.js';

/** One line of `fields` (ASCII members) through `frame`, as a caller writes it. */
function write(frame: LineFrame, fields: string): void {
  const out = frame.begin(fields.length);
  if (out === undefined) return;
  out.ascii(fields);
  frame.end();
}

/** A process's logger writing into an array of lines, and a line frame on it. */
function capture(level = 'info') {
  const { logger: root, lines, parsed } = capturedLogger(level);
  const line = lineFrame(root, 'api', 'info', 'request');
  return { root, line, lines, parsed };
}

const fields = (id: string, status: number) => `,"id":${jsonAscii(id)},"status":${status}`;

describe('lineFrame', () => {
  it("writes pino's leading fields, then the caller's, then msg, to the root's stream", () => {
    const { root, line, lines } = capture();
    root.info({ id: 'a', status: 1 }, 'request');
    write(line, fields('a', 1));
    const [byPino, own] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    // same keys in the same order; only the time may differ
    expect(Object.keys(own)).toEqual(Object.keys(byPino));
    expect({ ...own, time: 0 }).toEqual({ ...byPino, time: 0 });
    expect(Object.keys(own).slice(0, 5)).toEqual(['level', 'time', 'pid', 'hostname', 'name']);
    expect(Object.keys(own).at(-1)).toBe('msg');
  });

  it('writes nothing below the root level, and follows a change of it', () => {
    const { root, line, lines } = capture('warn');
    expect(line.enabled()).toBe(false);
    write(line, fields('a', 1));
    expect(lines).toEqual([]);
    root.level = 'info';
    expect(line.enabled()).toBe(true);
    write(line, fields('a', 1));
    expect(lines).toHaveLength(1);
  });

  it('writes a line with no fields of its own', () => {
    const { line, parsed } = capture();
    write(line, '');
    expect(parsed()).toEqual([expect.objectContaining({ name: 'api', msg: 'request' })]);
  });

  it("carries the active span's ids, as pino's mixin does", () => {
    const manager = new AsyncLocalStorageContextManager().enable();
    context.setGlobalContextManager(manager);
    try {
      const { root, line, parsed } = capture();
      const ids = { traceId: 'a'.repeat(32), spanId: 'b'.repeat(16), traceFlags: 1 };
      context.with(trace.setSpanContext(context.active(), ids), () => {
        root.info({ id: 'a', status: 1 }, 'request');
        write(line, fields('a', 1));
      });
      write(line, fields('a', 1));
      const [byPino, own, outside] = parsed();
      expect(own).toMatchObject({ trace_id: ids.traceId, span_id: ids.spanId });
      expect(Object.keys(own)).toEqual(Object.keys(byPino));
      expect(outside).not.toHaveProperty('trace_id');
    } finally {
      context.disable();
    }
  });

  describe('into a gathering destination', () => {
    /** A process's logger as createLogger makes it, over a stand-in for its line writer. */
    function gathered() {
      const written: Buffer[] = [];
      const dest = new GatheredLines({
        write: (b: Uint8Array) => void written.push(Buffer.from(b)),
        drain: () => undefined,
      });
      const root = pino(loggerOptions('api', { LOG_LEVEL: 'info', LOG_FORMAT: 'json' }), dest);
      const text = () => {
        dest.flushSync();
        return Buffer.concat(written).toString('utf8');
      };
      return { root, line: lineFrame(root, 'api', 'info', 'request'), text };
    }

    it("copies its lines in among pino's, in order, pino's UTF-8 intact", () => {
      const { root, line, text } = gathered();
      root.info({ who: 'Grüße ✓' }, 'first');
      write(line, fields('a', 1));
      root.info('third');
      write(line, fields('b', 2));
      const lines = text()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(lines.map((l) => l.msg)).toEqual(['first', 'request', 'third', 'request']);
      expect(lines[0].who).toBe('Grüße ✓');
      expect(lines[3]).toMatchObject({ id: 'b', status: 2, name: 'api', level: 'info' });
    });

    it('writes a line longer than its buffer whole, after what waited', () => {
      const { root, line, text } = gathered();
      root.info('before');
      const long = 'x'.repeat(100_000);
      write(line, `,"long":"${long}"`);
      write(line, fields('c', 3));
      const lines = text()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(lines.map((l) => l.msg)).toEqual(['before', 'request', 'request']);
      expect(lines[1].long).toBe(long);
      expect(lines[2]).toMatchObject({ id: 'c' });
    });

    it('refuses a line longer than its caller said, and writes nothing of it', () => {
      const { line, text } = gathered();
      const out = line.begin(4);
      out?.ascii(',"a":12345678');
      expect(() => line.end()).toThrow(RangeError);
      write(line, fields('d', 4));
      expect(text().split('\n').filter(Boolean)).toHaveLength(1);
    });

    it('writes lines across many buffers without losing a byte', () => {
      const { line, text } = gathered();
      const ids = Array.from({ length: 2000 }, (_, i) => `id-${i}`);
      for (const id of ids) write(line, fields(id, 200));
      const got = text()
        .split('\n')
        .filter(Boolean)
        .map((l) => (JSON.parse(l) as { id: string }).id);
      expect(got).toEqual(ids);
    });
  });
});
