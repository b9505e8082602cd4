export {
  type ProcessRole,
  startTracing,
  stopTracing,
  tracing,
  type TracingSdk,
} from './tracing.js';
export {
  activeTraceparent,
  annotate,
  inSpan,
  linkTo,
  nameRequestSpan,
  type OperationIdentity,
  OperationSpan,
  operationSpan,
  stepSpan,
  Traced,
} from './spans.js';
export { type HvCall, type HvCallKind, type HvCodes, hypervisorCall } from './hypervisor-call.js';
export { queueTelemetry } from './queue-telemetry.js';
export { TracingShutdown } from './tracing-shutdown.js';
export { type InDoubtOutcome, type UndoOutcome, WorkMeter } from './work-meter.js';
export { withinScrapeDeadline } from './scrape-deadline.js';
