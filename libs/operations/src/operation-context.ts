import { Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { HvError } from '#envelope';
import { type OperationStep, OperationsRepository } from '#persistence';
import type { CancelSignals } from './coordination/cancel-signals.service.js';

/** Thrown at a safe point when the operation was asked to stop. */
export class OperationCancelled extends Error {
  constructor(readonly operationId: string) {
    super(`operation ${operationId} was cancelled`);
    this.name = 'OperationCancelled';
  }
}

/**
 * What a handler sees of its operation: recorded steps and progress. A step that ended `ok`
 * in an earlier attempt is not run again, so a retry after a crash resumes where it stopped.
 */
export class OperationContext {
  private readonly log: Logger;
  private readonly doneBefore: Set<string>;
  /** Undo actions of the steps done so far, in order; run in reverse on final failure. */
  private readonly undos: { name: string; undo: () => Promise<unknown> }[] = [];

  /**
   * @param ops where steps and progress are recorded; null for housekeeping jobs, which have no
   *   operation record (their steps just run)
   */
  constructor(
    readonly operationId: string,
    private readonly ops: OperationsRepository | null,
    private readonly job: Job,
    previousSteps: OperationStep[],
    private readonly cancels: CancelSignals,
  ) {
    this.log = new Logger(`op ${operationId.slice(0, 8)}`);
    this.doneBefore = new Set(previousSteps.filter((s) => s.result === 'ok').map((s) => s.name));
  }

  /**
   * Runs `fn` as the named step, recording start, end, result and codes. `undo` is registered
   * once the step has succeeded (now or in an earlier attempt) and runs if the operation fails.
   */
  async step<T>(
    name: string,
    fn: () => Promise<T>,
    opts: { undo?: () => Promise<unknown> } = {},
  ): Promise<T | undefined> {
    if (!this.ops) return fn();
    const ops = this.ops;
    if (this.doneBefore.has(name)) {
      this.log.debug(`step ${name} already done in an earlier attempt`);
      if (opts.undo) this.undos.push({ name, undo: opts.undo });
      return undefined;
    }
    // the safe point: nothing of this step has happened yet (undo steps always run)
    if (!name.startsWith('undo ') && (await this.cancels.requested(this.operationId))) {
      throw new OperationCancelled(this.operationId);
    }
    const startedAt = new Date().toISOString();
    await ops.appendStep(this.operationId, { name, startedAt });
    await this.publish(name);
    try {
      const out = await fn();
      await ops.appendStep(this.operationId, {
        name,
        startedAt,
        endedAt: new Date().toISOString(),
        result: 'ok',
      });
      await this.publish(name);
      if (opts.undo) this.undos.push({ name, undo: opts.undo });
      return out;
    } catch (e) {
      const err = e instanceof HvError ? e : null;
      await ops.appendStep(this.operationId, {
        name,
        startedAt,
        endedAt: new Date().toISOString(),
        result: 'failed',
        ...(err ? { rc: err.rc, rs: err.rs } : {}),
        detail: (e as Error).message,
      });
      await this.publish(name);
      throw e;
    }
  }

  /**
   * Undoes the completed steps in reverse, each recorded as `undo <step>`. An undo that fails
   * is recorded and the rest still run: the operation's envelope keeps the original error.
   */
  async rollback(): Promise<void> {
    for (const { name, undo } of this.undos.splice(0).reverse()) {
      try {
        await this.step(`undo ${name}`, undo);
      } catch (e) {
        this.log.error(`undo of ${name} failed: ${(e as Error).message}`);
      }
    }
  }

  /** Records a step that was decided without acting (e.g. already in the wanted state). */
  async skip(name: string, detail: string): Promise<void> {
    const now = new Date().toISOString();
    await this.ops?.appendStep(this.operationId, {
      name,
      startedAt: now,
      endedAt: now,
      result: 'skipped',
      detail,
    });
  }

  private percent = 0;

  /** Reports progress in percent, on the operation and as the job's progress. */
  async progress(percent: number): Promise<void> {
    this.percent = Math.max(0, Math.min(100, Math.round(percent)));
    await this.ops?.setProgress(this.operationId, this.percent);
    await this.publish();
  }

  /** Job progress is how listeners (event streams, dashboard) learn of steps and percent. */
  private async publish(step?: string): Promise<void> {
    await this.job.updateProgress({ percent: this.percent, ...(step ? { step } : {}) });
  }
}
