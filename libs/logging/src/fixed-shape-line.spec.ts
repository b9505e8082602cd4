import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { fixedShapeLine, type LineFields } from './fixed-shape-line.js';
import { capturedLogger } from './testing/captured-logger.js';

interface Line {
  id: string;
  status: number;
  route: string | null;
  op?: string;
}

const FIELDS: LineFields = {
  id: { type: 'string' },
  status: { type: 'integer' },
  route: { type: 'string', nullable: true },
  op: { type: 'string' },
};

/** A process's logger writing into an array of lines, and a fixed-shape line on it. */
function capture(level = 'info') {
  const { logger: root, lines, parsed } = capturedLogger(level);
  const line = fixedShapeLine<Line>(root, 'api', 'info', 'request', FIELDS);
  return { root, line, lines, parsed: () => parsed() as object[] };
}

describe('fixedShapeLine', () => {
  it("writes pino's leading fields, then its own, then msg, to the root's stream", () => {
    const { root, line, lines } = capture();
    root.info({ id: 'a', status: 1, route: '/x' }, 'request');
    line.write({ id: 'a', status: 1, route: '/x' });
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
    line.write({ id: 'a', status: 1, route: null });
    expect(lines).toEqual([]);
    root.level = 'info';
    expect(line.enabled()).toBe(true);
    line.write({ id: 'a', status: 1, route: null });
    expect(lines).toHaveLength(1);
  });

  it('escapes what it writes, leaves out an unset field and any field not declared', () => {
    const { line, parsed } = capture();
    const id = 'q"uote\\ new\nline é ✓ \u0001';
    line.write({ id, status: 200, route: null, password: 'never' } as Line);
    line.write({ id: 'b', status: 201, route: '/guests', op: 'op-1' });
    expect(parsed()).toEqual([
      expect.objectContaining({ id, status: 200, route: null, msg: 'request' }),
      expect.objectContaining({ id: 'b', status: 201, route: '/guests', op: 'op-1' }),
    ]);
    const [first] = parsed() as Record<string, unknown>[];
    expect(first).not.toHaveProperty('op');
    expect(first).not.toHaveProperty('password');
  });

  it("carries the active span's ids, as pino's mixin does", () => {
    const manager = new AsyncLocalStorageContextManager().enable();
    context.setGlobalContextManager(manager);
    try {
      const { root, line, parsed } = capture();
      const ids = { traceId: 'a'.repeat(32), spanId: 'b'.repeat(16), traceFlags: 1 };
      context.with(trace.setSpanContext(context.active(), ids), () => {
        root.info({ id: 'a', status: 1, route: null }, 'request');
        line.write({ id: 'a', status: 1, route: null });
      });
      line.write({ id: 'a', status: 1, route: null });
      const [byPino, own, outside] = parsed() as Record<string, unknown>[];
      expect(own).toMatchObject({ trace_id: ids.traceId, span_id: ids.spanId });
      expect(Object.keys(own)).toEqual(Object.keys(byPino));
      expect(outside).not.toHaveProperty('trace_id');
    } finally {
      context.disable();
    }
  });
});
