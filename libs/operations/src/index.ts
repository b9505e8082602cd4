// Shared by both sides: the module, the queues, the job's data, the operation resource, its log.
export type { OperationJobData } from './job-data.js';
export { isFinal, operationView, type OperationView } from './operation-view.js';
export { OperationsModule } from './operations.module.js';
export { QueuesModule } from './queues.module.js';
export { GuestTurns } from './coordination/guest-turns.service.js';
export { CancelSignals } from './coordination/cancel-signals.service.js';
export { RedisService } from './coordination/redis.service.js';
export type { EffectRegistrar, ProbeResult, StepOptions } from './step-options.js';
export { bullConnection } from './coordination/bull-connection.js';
export { runLogged } from './operation-log.js';
export { type DrainState, type Held, QueueDrain } from './queue-drain.service.js';

// Api side (OperationsModule.forApi): submit, wait, the /operations routes.
export { Accepted } from './api/accepted.js';
export { JobWaiter, type OperationEvent } from './api/job-waiter.service.js';
export { TurnSlicer } from './api/turn-slicer.js';
export { OperationsService, type SubmitOptions } from './api/operations.service.js';
export { DryRunPlanner } from './api/dry-run.service.js';
export type {
  OperationPlan,
  PlanConflict,
  PlanReason,
  ResourceReport,
} from './api/dry-run.types.js';
export { OperationVerbs, type ResolveRequest } from './api/operation-verbs.service.js';
export { type Preferences, parsePrefer, preferenceApplied } from './api/prefer.js';
export {
  callbackUrlOf,
  OpRequest,
  type OperationRequest,
} from './api/operation-request.decorator.js';
export { SUBMITS_OPERATION, SubmitsOperation } from './api/submits-operation.decorator.js';

// Worker side (OperationsModule.forWorker): run, settle, unwind, reconcile, prune.
export { OperationContext, OperationCancelled } from './worker/operation-context.js';
export type { HandlerMap, HandlerRegistry, OperationHandler } from './worker/operation-handler.js';
export { HANDLER_REGISTRY, OperationRunner } from './worker/operation-runner.js';
export { OPERATIONS_HANDLERS } from './worker/operations-handlers.js';
export { PruneSchedule } from './worker/prune/prune-schedule.service.js';
