import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { jsonText } from './json-text.js';
import { lineFrame } from './line-frame.js';
import { capturedLogger } from './testing/captured-logger.js';

/** A process's logger writing into an array of lines, and a line frame on it. */
function capture(level = 'info') {
  const { logger: root, lines, parsed } = capturedLogger(level);
  const line = lineFrame(root, 'api', 'info', 'request');
  return { root, line, lines, parsed };
}

const fields = (id: string, status: number) => `,"id":${jsonText(id)},"status":${status}`;

describe('lineFrame', () => {
  it("writes pino's leading fields, then the caller's, then msg, to the root's stream", () => {
    const { root, line, lines } = capture();
    root.info({ id: 'a', status: 1 }, 'request');
    line.write(fields('a', 1));
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
    line.write(fields('a', 1));
    expect(lines).toEqual([]);
    root.level = 'info';
    expect(line.enabled()).toBe(true);
    line.write(fields('a', 1));
    expect(lines).toHaveLength(1);
  });

  it('writes a line with no fields of its own', () => {
    const { line, parsed } = capture();
    line.write('');
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
        line.write(fields('a', 1));
      });
      line.write(fields('a', 1));
      const [byPino, own, outside] = parsed();
      expect(own).toMatchObject({ trace_id: ids.traceId, span_id: ids.spanId });
      expect(Object.keys(own)).toEqual(Object.keys(byPino));
      expect(outside).not.toHaveProperty('trace_id');
    } finally {
      context.disable();
    }
  });
});
