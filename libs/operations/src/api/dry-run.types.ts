import type { PlanStep } from '#jobs';

/** Why a dry run finds an operation infeasible: what it needs against what there is. */
export interface PlanReason {
  /** The request field or the resource (`disk_pool ECKD:POOL1`, `fcp 1a00`, …) it is about. */
  resource: string;
  message: string;
  needed?: unknown;
  available?: unknown;
}

/** A kind's check of the resources it would take, against the live hypervisor and database. */
export interface ResourceReport {
  /** What it would take and what there is, by resource (free-form, per kind). */
  resources: Record<string, unknown>;
  reasons: PlanReason[];
}

export type ResourceCheck = (payload: never) => Promise<ResourceReport>;

/** An operation already queued or running for the same target, which this one would wait for. */
export interface PlanConflict {
  id: string;
  kind: string;
  status: string;
}

/** The answer of `?validate_only=true` (issue #61): what would run, and whether it can. */
export interface OperationPlan {
  feasible: boolean;
  reasons: PlanReason[];
  kind: string;
  target: string | null;
  steps: PlanStep[];
  resources: Record<string, unknown>;
  /** Whether this kind's resources were checked (else only the steps are known). */
  resources_checked: boolean;
  conflicts: PlanConflict[];
  queue: {
    name: string;
    /** Jobs ahead of it in the queue (waiting — a drained queue's too —, delayed, prioritized). */
    position: number;
    /** Whether the queue is drained (it would be held until resumed). */
    drained: boolean;
    /** Seconds until it would end, from recent durations; null without history. */
    eta_s: number | null;
  };
}
