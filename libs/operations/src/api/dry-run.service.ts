import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { AppConfig } from '#config';
import { type Envelope, ok } from '#envelope';
import { type JobName, type JobPayload, JOB_CATALOGUE, planOf, type QueueName } from '#jobs';
import { type OperationRecord, OperationsRepository } from '#persistence';
import type { OperationRequest } from './operation-request.decorator.js';
import type {
  OperationPlan,
  PlanConflict,
  PlanReason,
  ResourceCheck,
  ResourceReport,
} from './dry-run.types.js';
import { queueOf } from '../queue-of.js';
import { QueueDrain } from '../queue-drain.service.js';

/** Recent ended operations the ETA is averaged over. */
const ETA_SAMPLE = 50;

const NO_CHECK: ResourceReport = { resources: {}, reasons: [] };

/** Seconds an operation ran, when it started and ended. */
const durationS = (op: OperationRecord): number | null =>
  op.startedAt && op.finishedAt ? (op.finishedAt.getTime() - op.startedAt.getTime()) / 1000 : null;

const mean = (xs: number[]): number | null =>
  xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null;

/**
 * `?validate_only=true` on a submitting route (issue #61): the request validated as for a real
 * submit, then answered with its plan — steps and calls, resources checked by the feature that
 * owns the kind, conflicts in the guest's line, queue position and ETA — and nothing written:
 * it only reads the database, the queue's counts and the hypervisor.
 */
@Injectable()
export class DryRunPlanner {
  private readonly checks = new Map<JobName, ResourceCheck>();

  constructor(
    private readonly cfg: AppConfig,
    private readonly ops: OperationsRepository,
    private readonly moduleRef: ModuleRef,
    private readonly drains: QueueDrain,
  ) {}

  /** Set by the feature libs (above this one) for the kinds whose resources they can check. */
  checkWith<N extends JobName>(kind: N, check: (p: JobPayload<N>) => Promise<ResourceReport>) {
    this.checks.set(kind, check);
  }

  /** Kinds with a resource check (the others plan only their steps). */
  checkedKinds(): JobName[] {
    return [...this.checks.keys()];
  }

  async plan<N extends JobName>(
    kind: N,
    payload: JobPayload<N>,
    target: string | null,
    opts: OperationRequest,
  ): Promise<Envelope<OperationPlan>> {
    const queue = JOB_CATALOGUE[kind].queue;
    const check = this.checks.get(kind) as
      ((p: JobPayload<N>) => Promise<ResourceReport>) | undefined;
    const [report, conflicts, position, eta] = await Promise.all([
      check ? check(payload) : NO_CHECK,
      this.conflicts(target),
      this.position(queue),
      this.recentMeans(kind),
    ]);
    const reasons: PlanReason[] = [...report.reasons];
    if (opts.prefer.strict && conflicts.length) {
      reasons.push({
        resource: `guest ${target}`,
        message: `handling=strict: operation ${conflicts[0].id} is ahead in the guest's line`,
        needed: 0,
        available: conflicts.length,
      });
    }
    if (position >= this.cfg.QUEUE_BACKLOG_MAX) {
      reasons.push({
        resource: `queue ${queue}`,
        message: 'the backlog is full: a submit would be refused with 429',
        needed: position + 1,
        available: this.cfg.QUEUE_BACKLOG_MAX,
      });
    }
    const ahead = position + conflicts.length;
    const own = eta.kind ?? eta.all;
    return ok({
      feasible: reasons.length === 0,
      reasons,
      kind,
      target,
      steps: planOf(kind, payload),
      resources: report.resources,
      resources_checked: !!check,
      conflicts,
      queue: {
        name: queue,
        position,
        drained: this.drains.isDrained(queue),
        eta_s: own === null ? null : Math.round(ahead * (eta.all ?? own) + own),
      },
    });
  }

  private async conflicts(target: string | null): Promise<PlanConflict[]> {
    if (!target) return [];
    const page = await this.ops.list({ target, status: ['queued', 'running'], limit: 100 });
    return page.items.map((o) => ({ id: o.id, kind: o.kind, status: o.status })).reverse(); // oldest first: the order they run in
  }

  private async position(name: QueueName): Promise<number> {
    const counts = await queueOf(this.moduleRef, name).getJobCounts(
      'waiting',
      'delayed',
      'prioritized',
    );
    return Object.values(counts).reduce((a, b) => a + b, 0);
  }

  /** Mean run time of recent succeeded operations: of this kind, and of all kinds. */
  private async recentMeans(kind: JobName): Promise<{ kind: number | null; all: number | null }> {
    const page = await this.ops.list({ status: 'succeeded', limit: ETA_SAMPLE });
    const all = page.items.map(durationS).filter((d): d is number => d !== null);
    const own = page.items
      .filter((o) => o.kind === kind)
      .map(durationS)
      .filter((d): d is number => d !== null);
    return { kind: mean(own), all: mean(all) };
  }
}
