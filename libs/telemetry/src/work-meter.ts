/** How an undo run (a rollback of an operation's done steps) ended. */
export type UndoOutcome = 'done' | 'left';

/** How a step in doubt was settled: found done, found not done, or left to probe later. */
export type InDoubtOutcome = 'adopted' | 'absent' | 'left';

/**
 * What a worker measures of its work, as it happens: the libs that do the work (operations,
 * hypervisor) call it, the worker app counts it (its Prometheus metrics, WORKER_METRICS_PORT).
 * Injected optionally: without it (the api, a worker without metrics) nothing is measured.
 */
export abstract class WorkMeter {
  /** An operation's run started (first run or a resumption). */
  abstract operationStarted(kind: string): void;
  /** An operation ended with `status`; `seconds` since it started running, null if it never ran. */
  abstract operationEnded(kind: string, status: string, seconds: number | null): void;
  /** A step of an operation of `kind` ended with `result` (undo steps too). */
  abstract stepEnded(kind: string, result: string, seconds: number): void;
  /** An operation's done steps were undone: all of them, or some left to undo. */
  abstract undoRun(kind: string, outcome: UndoOutcome): void;
  /** A step whose outcome was in doubt was settled. */
  abstract inDoubtSettled(kind: string, outcome: InDoubtOutcome): void;
  /** One call to the hypervisor: function, command verb or management operation, and its rc. */
  abstract hypervisorCall(fn: string, rc: string, seconds: number): void;
}
