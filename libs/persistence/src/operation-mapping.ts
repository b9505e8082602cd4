import type { Envelope } from '#envelope';
import type { Operation } from './generated/sqlite/client.js';
import type {
  LateEffect,
  OperationRecord,
  OperationResolution,
  OperationStatus,
  OperationStep,
} from './operation.types.js';

export function toOperationRecord(row: Operation): OperationRecord {
  return {
    ...row,
    status: row.status as OperationStatus,
    request: JSON.parse(row.request) as Record<string, unknown>,
    steps: JSON.parse(row.steps) as OperationStep[],
    response: row.response === null ? null : (JSON.parse(row.response) as Envelope),
    resolutions: JSON.parse(row.resolutions) as OperationResolution[],
    lateEffects: JSON.parse(row.lateEffects) as LateEffect[],
  };
}

/** A step reported again under the same name (e.g. its end) updates the last step. */
export function mergeStep(steps: OperationStep[], step: OperationStep): OperationStep[] {
  const last = steps.at(-1);
  return last?.name === step.name
    ? [...steps.slice(0, -1), { ...last, ...step }]
    : [...steps, step];
}
