import { Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { plainToInstance } from 'class-transformer';
import { AppConfig } from '#config';
import { landingWindowMs } from '#hypervisor';
import { JOB_CATALOGUE, isJobName } from '#jobs';
import { type OperationRecord, OperationsRepository } from '#persistence';
import { CancelSignals } from '../coordination/cancel-signals.service.js';
import { handlerFor } from './handler-lookup.js';
import { OperationContext } from './operation-context.js';

/** Re-checks of one ended operation for late effects; each waits twice as long as the last. */
export const SWEEPS = 4;

/**
 * The sweep of issue #58: a call can land after its own transport gave up on it, even after
 * its operation ended (failed, cancelled, undone). Each ended operation with a step once in
 * doubt is re-checked after the landing window and then SWEEPS - 1 more times at doubling
 * intervals (bounded: about 15 windows in all). A re-check runs its handler in a sweeping
 * context: each step once in doubt with a probe and an undo is probed (effects since the step
 * first started: its own), and what is found is undone and listed in `late_effects`. Once a
 * later operation on the same guest was submitted, what is found can no longer be told from
 * that one's: it is left alone (GET /drift reports what no row knows).
 */
@Injectable()
export class LateEffectSweep {
  private readonly log = new Logger(LateEffectSweep.name);

  constructor(
    private readonly cfg: AppConfig,
    private readonly ops: OperationsRepository,
    private readonly cancels: CancelSignals,
    private readonly moduleRef: ModuleRef,
  ) {}

  /** The re-checks due now; `locked` keeps two workers off the same operation. */
  async pass(locked: (id: string, fn: () => Promise<void>) => Promise<void>): Promise<void> {
    for (const op of await this.ops.dueForSweep(new Date())) {
      await locked(op.id, () => this.check(op)).catch((e: Error) =>
        this.log.warn(`late effects of operation ${op.id} not checked: ${e.message}`),
      );
    }
  }

  private async check(op: OperationRecord): Promise<void> {
    const done = op.sweeps ?? 0;
    const window = landingWindowMs(this.cfg);
    const next = done + 1 < SWEEPS ? new Date(Date.now() + window * 2 ** (done + 1)) : null;
    const later =
      op.target !== null &&
      (await this.ops.submittedOnTargetSince(op.target, op.finishedAt ?? op.createdAt));
    if (!isJobName(op.kind) || later) {
      await this.ops.noteSweep(op.id, done, [], null);
      return;
    }
    const payload = plainToInstance(JOB_CATALOGUE[op.kind].payload, op.request);
    const ctx = new OperationContext(op.id, this.ops, null, op.steps, this.cancels, {
      sweeping: true,
    });
    try {
      await handlerFor(this.moduleRef, op.kind).run(payload as never, ctx);
    } catch (e) {
      // a handler's own checks (e.g. a guest record its undo removed) end the visit
      this.log.debug(`late-effect check of ${op.id} stopped: ${(e as Error).message}`);
    }
    if (ctx.lateEffects.length) {
      this.log.warn(
        `operation ${op.id}: late effects found and handled: ${ctx.lateEffects
          .map((l) => `${l.step} (${l.action})`)
          .join(', ')}`,
      );
    }
    await this.ops.noteSweep(op.id, done, ctx.lateEffects, next);
  }
}
