import type { Telemetry } from 'bullmq';
import { BullMQOtel } from 'bullmq-otel';
import { serviceVersion } from '#config';
import { tracing } from './tracing.js';

/**
 * BullMQ's `telemetry` option when tracing: a job's `add` (producer) span carries the submit's
 * context in the job, and the worker's `process` (consumer) span continues that trace. Without
 * tracing BullMQ gets no option and traces nothing.
 */
export function queueTelemetry(): { telemetry?: Telemetry } {
  if (!tracing()) return {};
  return {
    telemetry: new BullMQOtel({ tracerName: 'hv-orchestrator', version: serviceVersion() }),
  };
}
