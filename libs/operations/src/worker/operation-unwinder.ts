import { Injectable, Logger, Optional } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Job } from 'bullmq';
import { plainToInstance } from 'class-transformer';
import { AppConfig } from '#config';
import { type Envelope, Errors, HvError, type StatusRule, ok } from '#envelope';
import { HypervisorRestarts, landingWindowMs } from '#hypervisor';
import { JOB_CATALOGUE, isJobName } from '#jobs';
import { type OperationRecord, OperationsRepository } from '#persistence';
import { OperationSpan, WorkMeter } from '#telemetry';
import { CancelSignals } from '../coordination/cancel-signals.service.js';
import { handlerFor } from './handler-lookup.js';
import { OperationCancelled, OperationContext, OperationUnwound } from './operation-context.js';
import { meterEnded, stepMeterFor } from './operation-meter.js';
import { OperationSettler } from './operation-settler.js';
import { rowRun } from './operation-trace.js';

export interface UnwindOptions {
  /** Why it ends (the envelope it ends with), unless it turns out cancelled. */
  error: HvError;
  rule?: StatusRule;
  /** The job, when there is one (progress is published on it). */
  job?: Job | null;
  /**
   * The operation may turn out to have done every step (its worker died after the last one):
   * it then ends `succeeded`, unless it was asked to cancel (then it is undone). False when
   * retrying the undo of a needs_attention operation.
   */
  mayComplete: boolean;
}

/**
 * Ends an operation whose job will not run again (resumption limit, job failed or gone, undo
 * left to retry) by an "unwind" run of its handler from the row's own request: steps already ok
 * register their undo without running, the first step not done aborts, then rollback.
 */
@Injectable()
export class OperationUnwinder {
  private readonly log = new Logger(OperationUnwinder.name);

  constructor(
    private readonly cfg: AppConfig,
    private readonly ops: OperationsRepository,
    private readonly cancels: CancelSignals,
    private readonly settler: OperationSettler,
    private readonly moduleRef: ModuleRef,
    @Optional() private readonly meter?: WorkMeter,
    @Optional() private readonly restarts?: HypervisorRestarts,
  ) {}

  @OperationSpan('operation.unwind', rowRun)
  async unwind(op: OperationRecord, o: UnwindOptions): Promise<Envelope> {
    if (!isJobName(op.kind)) throw new Error(`operation ${op.id} of unknown kind ${op.kind}`);
    const payload = plainToInstance(JOB_CATALOGUE[op.kind].payload, op.request);
    const ctx = new OperationContext(op.id, this.ops, o.job ?? null, op.steps, this.cancels, {
      unwinding: true,
      settleMs: landingWindowMs(this.cfg),
      restartedSince: this.restarts && ((sentAt) => this.restarts!.since(sentAt)),
      meter: stepMeterFor(this.meter, op.kind),
    });
    let reason: unknown = o.error;
    try {
      const output = await handlerFor(this.moduleRef, op.kind).run(payload as never, ctx);
      // done after all, unless its cancel came first: a cancelled operation is undone
      if (o.mayComplete && !(await this.cancels.requested(op.id))) {
        const env = ok(output);
        const ended = await this.ops.finish(op.id, {
          status: 'succeeded',
          response: env,
          httpStatus: 200,
        });
        meterEnded(this.meter, ended);
        await this.settler.leaveLine(op);
        return env;
      }
    } catch (e) {
      if (!(e instanceof OperationUnwound)) reason = e;
    }
    const left = await ctx.rollback();
    const cancelled = reason instanceof OperationCancelled || (await this.cancels.requested(op.id));
    const err = cancelled ? Errors.cancelled(op.id) : asHvError(reason, o.error);
    this.log.warn(`operation ${op.id} unwound (${err.message}); left to undo: ${left.length}`);
    await this.settler.settle(op, cancelled ? 'cancelled' : 'failed', err, o.rule, left);
    return err.toEnvelope();
  }
}

function asHvError(e: unknown, fallback: HvError): HvError {
  return e instanceof HvError ? e : fallback;
}
