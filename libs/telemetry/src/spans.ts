import {
  type Attributes,
  context,
  createContextKey,
  type Link,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import { tracing } from './tracing.js';

const tracer = () => trace.getTracer('hv-orchestrator');

/** The operation a worker runs, carried in the context so every span under it names it. */
const OPERATION = createContextKey('hv-orchestrator.operation');

export interface OperationIdentity {
  id: string;
  kind: string;
  /** The guest (or other target) the operation works on; null for housekeeping. */
  userid: string | null;
}

function operationAttributes(): Attributes {
  return (context.active().getValue(OPERATION) as Attributes | undefined) ?? {};
}

/** rc/rs of an error that carries them (HvError), as span attributes under `prefix`. */
function codesOf(e: unknown, prefix: string): Attributes {
  const { rc, rs } = (e ?? {}) as { rc?: unknown; rs?: unknown };
  return {
    ...(typeof rc === 'number' ? { [`${prefix}.rc`]: rc } : {}),
    ...(typeof rs === 'number' ? { [`${prefix}.rs`]: rs } : {}),
  };
}

function failed(span: Span, e: unknown, prefix: string): void {
  const err = e instanceof Error ? e : new Error(String(e));
  // BullMQ's way to park a job (its guest's turn, an outage's backoff) is no failure
  if (err.name === 'DelayedError') {
    span.setAttribute('operation.delayed', true);
    return;
  }
  span.recordException(err);
  span.setStatus({ code: SpanStatusCode.ERROR, message: err.message });
  span.setAttributes(codesOf(e, prefix));
}

export interface SpanOptions {
  kind?: SpanKind;
  links?: Link[];
  /** Prefix of the rc/rs attributes set when `fn` throws an error that has them. */
  codes?: string;
}

/**
 * Runs `fn` inside a new span, active for everything `fn` calls, carrying the attributes of
 * the operation being run (if any) besides `attrs`; a throw marks the span failed. Without
 * tracing, just runs `fn`.
 */
export function inSpan<T>(
  name: string,
  attrs: Attributes,
  fn: (span?: Span) => Promise<T>,
  opts: SpanOptions = {},
): Promise<T> {
  if (!tracing()) return fn();
  const attributes = { ...operationAttributes(), ...attrs };
  return tracer().startActiveSpan(
    name,
    { kind: opts.kind ?? SpanKind.INTERNAL, attributes, links: opts.links },
    async (span) => {
      try {
        return await fn(span);
      } catch (e) {
        failed(span, e, opts.codes ?? 'error');
        throw e;
      } finally {
        span.end();
      }
    },
  );
}

/**
 * A worker's run (or unwind) of an operation: the span every step, undo and hypervisor call of
 * it nests in, each of which carries the operation's id, kind and userid.
 */
export function operationSpan<T>(
  name: string,
  op: OperationIdentity,
  links: Link[],
  fn: (span?: Span) => Promise<T>,
): Promise<T> {
  if (!tracing()) return fn();
  const attrs: Attributes = {
    'operation.id': op.id,
    'operation.kind': op.kind,
    ...(op.userid ? { 'operation.userid': op.userid } : {}),
  };
  return context.with(context.active().setValue(OPERATION, attrs), () =>
    inSpan(name, {}, fn, { links }),
  );
}

/**
 * Method decorator: the method is an operation's run (see operationSpan); `describe` tells
 * which operation from the method's arguments, and what earlier span the run links to.
 */
export function OperationSpan<A extends unknown[]>(
  name: string,
  describe: (...args: A) => { op: OperationIdentity; links?: Link[] },
): MethodDecorator {
  return (_target, _key, descriptor: PropertyDescriptor) => {
    const method = descriptor.value as (...args: A) => Promise<unknown>;
    descriptor.value = function (this: unknown, ...args: A): Promise<unknown> {
      if (!tracing()) return method.apply(this, args);
      const { op, links = [] } = describe(...args);
      return operationSpan(name, op, links, () => method.apply(this, args));
    };
    return descriptor;
  };
}

/** One step (`undo …` included) of the operation being run; its rc/rs when it fails. */
export function stepSpan<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const undo = name.startsWith('undo ');
  return inSpan(
    `${undo ? 'undo' : 'step'}: ${undo ? name.slice(5) : name}`,
    { 'operation.step': name, 'operation.undo': undo },
    fn,
    { codes: 'operation.step' },
  );
}

/** Sets attributes on the active span (e.g. the operation id once a submit has made it). */
export function annotate(attrs: Attributes): void {
  if (tracing()) trace.getActiveSpan()?.setAttributes(attrs);
}

/** Names the active (request) span after its route pattern, as the semantic conventions do. */
export function nameRequestSpan(method: string, route: string | undefined): void {
  if (!tracing() || !route) return;
  const span = trace.getActiveSpan();
  span?.updateName(`${method} ${route}`);
  span?.setAttribute('http.route', route);
}

/** The active span as a W3C traceparent (to be linked to later), or undefined. */
export function activeTraceparent(): string | undefined {
  if (!tracing()) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/** A link to the span a traceparent names (e.g. a resumed run's first attempt). */
export function linkTo(traceparent: string | undefined): Link[] {
  if (!traceparent || !tracing()) return [];
  const ctx = trace.getSpanContext(propagation.extract(ROOT_CONTEXT, { traceparent }));
  return ctx ? [{ context: ctx, attributes: { 'link.reason': 'first attempt' } }] : [];
}

/**
 * Method decorator: the method runs inside a span named `name`, with attributes taken from its
 * arguments. Without tracing the method runs as it is (one boolean check).
 */
export function Traced<A extends unknown[]>(
  name: string,
  attrs: (...args: A) => Attributes = () => ({}),
): MethodDecorator {
  return (_target, _key, descriptor: PropertyDescriptor) => {
    const method = descriptor.value as (...args: A) => Promise<unknown>;
    descriptor.value = function (this: unknown, ...args: A): Promise<unknown> {
      if (!tracing()) return method.apply(this, args);
      return inSpan(name, attrs(...args), () => method.apply(this, args));
    };
    return descriptor;
  };
}
