import { Injectable, Optional } from '@nestjs/common';
import { AppConfig } from '#config';
import { landingWindowMs } from '#hypervisor';
import { type HvError, type StatusRule, httpStatusOf } from '#envelope';
import { type OperationRecord, OperationsRepository } from '#persistence';
import { WorkMeter } from '#telemetry';
import { CancelSignals } from '../coordination/cancel-signals.service.js';
import { GuestTurns } from '../coordination/guest-turns.service.js';
import { holdsGuestLine } from '../operation-view.js';
import { logEnded } from '../operation-log.js';
import { meterEnded } from './operation-meter.js';

/**
 * Ends an operation that did not succeed: `failed` or `cancelled`, or `needs_attention` when
 * some undo could not run (the worker retries it). The guest's line is left, so nothing queued
 * behind it waits on it, unless a step is still in doubt: its call may yet land.
 */
@Injectable()
export class OperationSettler {
  constructor(
    private readonly ops: OperationsRepository,
    private readonly turns: GuestTurns,
    private readonly cancels: CancelSignals,
    private readonly cfg: AppConfig,
    @Optional() private readonly meter?: WorkMeter,
  ) {}

  async settle(
    op: OperationRecord,
    status: 'failed' | 'cancelled',
    err: HvError,
    rule: StatusRule | undefined,
    leftToUndo: readonly string[],
  ): Promise<OperationRecord | null> {
    const env = err.toEnvelope();
    const ending = leftToUndo.length ? 'needs_attention' : status;
    const ended = await this.ops.finish(op.id, {
      status: ending,
      response: env,
      httpStatus: err.httpStatus ?? httpStatusOf(env, rule),
    });
    if (ended) logEnded(op, ending, env);
    meterEnded(this.meter, ended);
    // a step once in doubt: its call may land after all, beyond the window (issue #58)
    if (ended && ending !== 'needs_attention' && ended.steps.some((s) => s.doubted)) {
      await this.ops.scheduleSweep(op.id, new Date(Date.now() + landingWindowMs(this.cfg)));
    }
    if (!leftToUndo.length) await this.cancels.clear(op.id);
    // a step still in doubt keeps the line until it is probed again (the reconciler's unwind)
    if (!ended || !holdsGuestLine(ended)) await this.leaveLine(op);
    return ended;
  }

  async leaveLine(op: Pick<OperationRecord, 'id' | 'target'>): Promise<void> {
    if (op.target) await this.turns.leaveAndWake(op.target, op.id);
  }
}
