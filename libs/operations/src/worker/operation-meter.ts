import type { OperationRecord } from '#persistence';
import type { InDoubtOutcome, UndoOutcome, WorkMeter } from '#telemetry';

/** What an operation's context measures (WorkMeter's step-level calls, for its kind). */
export interface StepMeter {
  stepEnded(result: string, seconds: number): void;
  undoRun(outcome: UndoOutcome): void;
  inDoubtSettled(outcome: InDoubtOutcome): void;
}

/** The step-level meter of an operation of `kind`; none without a WorkMeter. */
export function stepMeterFor(meter: WorkMeter | undefined, kind: string): StepMeter | undefined {
  if (!meter) return undefined;
  return {
    stepEnded: (result, seconds) => meter.stepEnded(kind, result, seconds),
    undoRun: (outcome) => meter.undoRun(kind, outcome),
    inDoubtSettled: (outcome) => meter.inDoubtSettled(kind, outcome),
  };
}

/** Counts an operation that has just ended (the row `finish` returned; null: another did). */
export function meterEnded(meter: WorkMeter | undefined, ended: OperationRecord | null): void {
  if (!meter || !ended) return;
  const ran =
    ended.startedAt && ended.finishedAt
      ? Math.max(0, ended.finishedAt.getTime() - ended.startedAt.getTime()) / 1000
      : null;
  meter.operationEnded(ended.kind, ended.status, ran);
}
