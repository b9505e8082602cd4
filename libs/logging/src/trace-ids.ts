import { isSpanContextValid, type SpanContext, trace } from '@opentelemetry/api';

/** The active span's ids, from @opentelemetry/api (a no-op, so empty, without an SDK). */
export interface TraceIds {
  trace_id?: string;
  span_id?: string;
}

/**
 * The ids of the active span, for every log line (pino's mixin); empty when there is none.
 * A new object each time: pino merges the line's own fields into it.
 */
export function activeTraceIds(): TraceIds {
  const ctx = activeSpanContext();
  return ctx ? { trace_id: ctx.traceId, span_id: ctx.spanId } : {};
}

/**
 * The same ids as JSON members (`,"trace_id":…,"span_id":…`), '' without a span: for lines made
 * from a template (lineFrame), without an object per line.
 */
export function activeSpanMembers(): string {
  const ctx = activeSpanContext();
  return ctx ? `,"trace_id":"${ctx.traceId}","span_id":"${ctx.spanId}"` : '';
}

/** The active span's context when it has valid ids (a no-op SDK's span has none). */
function activeSpanContext(): SpanContext | undefined {
  const ctx = trace.getActiveSpan()?.spanContext();
  return ctx && isSpanContextValid(ctx) ? ctx : undefined;
}

/** The active trace's id, or null (stored on an operation at submit). */
export const activeTraceId = (): string | null => activeTraceIds().trace_id ?? null;
