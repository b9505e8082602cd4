import type { Context } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOnSampler,
  BatchSpanProcessor,
  NodeTracerProvider,
  ParentBasedSampler,
  type Sampler,
  SamplingDecision,
  type SamplingResult,
} from '@opentelemetry/sdk-trace-node';
import { serviceVersion } from '#config';
import type { ProcessRole, TracingSdk } from './tracing.types.js';

/**
 * BullMQ's own timers, each a root span of its own: the idle polls of every queue
 * (`getNextJob`), lock renewals and stalled-job checks, several traces a minute per queue with
 * nothing in them. Under a job's context (a poll that fetched it) they are kept.
 */
const PERIODIC = /^(getNextJob|extendLocks|moveStalledJobsToWait|startStalledCheckTimer)\b/;

/** Drops root spans of BullMQ's timers; samples every other root. */
export class QueueTimerSampler implements Sampler {
  private readonly on = new AlwaysOnSampler();

  shouldSample(_ctx: Context, _traceId: string, name: string): SamplingResult {
    if (PERIODIC.test(name)) return { decision: SamplingDecision.NOT_RECORD };
    return this.on.shouldSample();
  }

  toString(): string {
    return 'QueueTimerSampler';
  }
}

/** Requests nobody follows: probes and scrapes (every few seconds, from machines). */
const UNTRACED = /^\/(health(\/|$)|metrics$)/;

/** The OTLP/HTTP exporter's URL for traces: the signal's path under the configured base. */
export function tracesUrl(endpoint: string): string {
  return new URL('v1/traces', endpoint.endsWith('/') ? endpoint : `${endpoint}/`).href;
}

/** The SDK of one process: W3C trace context, batched OTLP/HTTP export, the request span. */
export function startSdk(endpoint: string, role: ProcessRole, transport: string): TracingSdk {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      'service.name': `hv-orchestrator-${role}`,
      'service.version': serviceVersion(),
      'hv.transport': transport,
    }),
    sampler: new ParentBasedSampler({ root: new QueueTimerSampler() }),
    // a client's header or an error message is cut, never exported whole
    spanLimits: { attributeValueLengthLimit: 1024 },
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: tracesUrl(endpoint) }))],
  });
  provider.register(); // AsyncLocalStorage context, W3C traceparent/baggage propagation
  // Only the api serves HTTP: its request span is the root of an operation's trace (honouring
  // the client's traceparent). Outgoing calls are traced as hypervisor calls instead.
  const unregister =
    role === 'api'
      ? registerInstrumentations({
          tracerProvider: provider,
          instrumentations: [
            new HttpInstrumentation({
              disableOutgoingRequestInstrumentation: true,
              ignoreIncomingRequestHook: (req) => UNTRACED.test(req.url ?? ''),
              // the client's request id, and the one answered (kept, or made when absent)
              headersToSpanAttributes: {
                server: { requestHeaders: ['x-request-id'], responseHeaders: ['x-request-id'] },
              },
            }),
          ],
        })
      : () => undefined;
  return {
    flush: () => provider.forceFlush(),
    async shutdown() {
      unregister();
      await provider.shutdown();
    },
  };
}
