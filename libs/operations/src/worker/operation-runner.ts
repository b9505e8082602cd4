import { randomUUID } from 'node:crypto';
import { Injectable, Logger, Optional } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { DelayedError, type Job, UnrecoverableError } from 'bullmq';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { AppConfig } from '#config';
import { type Envelope, Errors, HvError, ok } from '#envelope';
import { HypervisorRestarts, landingWindowMs } from '#hypervisor';
import { JOB_CATALOGUE, type JobDefinition, type JobName, isJobName } from '#jobs';
import { type OperationRecord, OperationsRepository, RunSupersededError } from '#persistence';
import { OperationSpan, WorkMeter } from '#telemetry';
import { CancelSignals } from '../coordination/cancel-signals.service.js';
import { GuestTurns } from '../coordination/guest-turns.service.js';
import { handlerFor } from './handler-lookup.js';
import type { OperationJobData } from '../job-data.js';
import { OperationCancelled, OperationContext } from './operation-context.js';
import { logEnded, logRunning } from '../operation-log.js';
import { OperationSettler } from './operation-settler.js';
import { OperationUnwinder } from './operation-unwinder.js';
import { holdsGuestLine, isSettled } from '../operation-view.js';
import { isLinkFailure, nextOutageRetry } from './outage-retry.js';
import { meterEnded, stepMeterFor } from './operation-meter.js';
import { jobRun, rememberRun } from './operation-trace.js';
import { keepRunFresh } from './run-heartbeat.js';

export { HANDLER_REGISTRY } from './handler-lookup.js';

type AnyDefinition = JobDefinition<object, unknown>;

/** An ended operation's secrets leave Redis with it running no more (finished jobs are kept). */
async function forgetSecrets(job: Job<OperationJobData>): Promise<void> {
  if (!job.data.secrets) return;
  const { secrets: _, ...data } = job.data;
  await job.updateData(data).catch(() => null); // best effort: the job's own retention ends it
}

/**
 * Runs an operation's job in a worker: payload check, its guest's turn, steps, cancellation,
 * undo on failure, and the result on the operation row. A job resumed more often than
 * OPERATION_MAX_RESUMPTIONS (its workers kept dying) is unwound instead of run.
 */
@Injectable()
export class OperationRunner {
  private readonly log = new Logger(OperationRunner.name);

  constructor(
    private readonly cfg: AppConfig,
    private readonly ops: OperationsRepository,
    private readonly turns: GuestTurns,
    private readonly cancels: CancelSignals,
    private readonly settler: OperationSettler,
    private readonly unwinder: OperationUnwinder,
    private readonly moduleRef: ModuleRef,
    @Optional() private readonly meter?: WorkMeter,
    @Optional() private readonly restarts?: HypervisorRestarts,
  ) {}

  @OperationSpan('operation.run', jobRun)
  async run(job: Job<OperationJobData>, token?: string): Promise<Envelope> {
    if (!isJobName(job.name)) throw new UnrecoverableError(`unknown job ${job.name}`);
    // first of all: whatever took its workers down (a poison payload too) does not run again
    const resumptions = job.stalledCounter ?? 0;
    if (resumptions > this.cfg.OPERATION_MAX_RESUMPTIONS) return this.giveUp(job, resumptions);
    const def = JOB_CATALOGUE[job.name] as AnyDefinition;
    const payload = plainToInstance(def.payload, job.data.payload);
    // forbidUnknownValues off: a payload without fields (operations.prune) is valid, not unknown
    const problems = await validate(payload, { forbidUnknownValues: false });
    if (def.system) return this.runSystem(job, payload, problems.length > 0);

    const id = job.id!;
    const rule = job.data.statusRule;
    const target = def.target(payload);
    if (problems.length) {
      const op = await this.ops.get(id);
      if (!op) throw new UnrecoverableError(`operation ${id} has no record`);
      if (isSettled(op.status) && op.response) return op.response; // at-least-once delivery
      const fields = problems.map((p) => p.property).join(', ');
      return this.end(op, 'failed', Errors.input(3, `payload of ${job.name}: ${fields}`), rule);
    }
    // the guest line's head and the cancel signal asked together: one Redis round trip
    const [head, cancelled] = await Promise.all([
      target ? this.turns.head(target) : id,
      this.cancels.requested(id),
    ]);
    const waited = target !== null && head !== id;
    if (waited) {
      // Not at the head (the api put it at the end of the line): a delivery of an operation
      // that has ended must not join the line again, so its row is read here.
      const op = await this.ops.get(id);
      if (!op) throw new UnrecoverableError(`operation ${id} has no record`);
      if (isSettled(op.status) && op.response) return op.response; // at-least-once delivery
      if (!(await this.myTurn(target, id))) {
        // wait for the guest's earlier operations without holding a worker slot
        await job.moveToDelayed(Date.now() + this.cfg.GUEST_TURN_RECHECK_MS, token);
        throw new DelayedError();
      }
    }
    // after waiting for its turn the signal is asked again: the first answer may be old
    if (waited ? await this.cancels.requested(id) : cancelled) {
      const op = await this.settleable(id);
      if (isSettled(op.status) && op.response) return op.response; // at-least-once delivery
      if (op.steps.length) return this.unwindCancelled(job, op);
      return this.end(op, 'cancelled', Errors.cancelled(id), rule);
    }

    // compare-and-set: a row the api already ended (it answered 503) is never run; the row it
    // returns is the one read, so the common path reads the operation no further
    const op = await this.ops.markRunning(id, job.attemptsMade + resumptions + 1);
    if (!op) {
      const ended = await this.ops.get(id);
      if (!ended) throw new UnrecoverableError(`operation ${id} has no record`);
      if (isSettled(ended.status) && ended.response) return ended.response; // at-least-once
      await this.settler.leaveLine(ended);
      throw new UnrecoverableError(`operation ${id} ended before it could run`);
    }
    await rememberRun(job, op.attempts);
    logRunning(op);
    this.meter?.operationStarted(op.kind);
    const ctx = new OperationContext(id, this.ops, job, op.steps, this.cancels, {
      settleMs: landingWindowMs(this.cfg),
      restartedSince: this.restarts && ((sentAt) => this.restarts!.since(sentAt)),
      attempt: op.attempts,
      meter: stepMeterFor(this.meter, op.kind),
    });
    ctx.cancelCheckedNow();
    let output: unknown;
    const stopBeat = keepRunFresh(
      () => this.ops.touchRun(id, op.attempts),
      this.cfg.WORKER_LOCK_S * 1000,
      this.log,
    );
    try {
      output = await handlerFor(this.moduleRef, job.name).run(payload as never, ctx);
    } catch (e) {
      // a later delivery owns the operation now: this run neither undoes nor ends anything
      if (e instanceof RunSupersededError) throw e;
      if (isLinkFailure(e)) await this.waitOutOutage(job, token, id, e as HvError);
      const left = await ctx.rollback();
      await forgetSecrets(job);
      if (e instanceof OperationCancelled)
        return this.end(op, 'cancelled', Errors.cancelled(id), rule, left);
      return this.end(op, 'failed', this.asHvError(e, id, job.name), rule, left);
    } finally {
      stopBeat(); // its undo too: a live rollback is not unwound again under it
    }
    // Succeeded: nothing from here on may undo it. A failing database write fails the job, whose
    // retry finds every step done; a Redis hiccup (a Sentinel failover) only delays the line,
    // whose next operation drops a head that has ended.
    const env = ok(output);
    const ended = await this.ops.finish(
      id,
      { status: 'succeeded', response: env, httpStatus: 200 },
      ['running'],
    );
    logEnded(op, 'succeeded', env);
    meterEnded(this.meter, ended);
    await forgetSecrets(job);
    await this.settler.leaveLine(op).catch((e: unknown) => {
      this.log.warn(`operation ${id} ended; its guest's line is left later: ${String(e)}`);
    });
    return env;
  }

  /**
   * A job whose workers died more than OPERATION_MAX_RESUMPTIONS times ends `failed`: what it did
   * is undone (an unwind run of its handler); one that never recorded a step has nothing to undo
   * and is ended without running any of its code, which may be what takes workers down.
   */
  private async giveUp(job: Job<OperationJobData>, resumptions: number): Promise<never> {
    const err = Errors.resumptionLimit(job.id ?? job.name, resumptions);
    const def = JOB_CATALOGUE[job.name as JobName] as AnyDefinition;
    const op = def.system ? null : await this.ops.get(job.id!);
    if (op && !isSettled(op.status)) {
      const rule = job.data.statusRule;
      if (op.steps.length === 0) await this.settler.settle(op, 'failed', err, rule, []);
      else await this.unwinder.unwind(op, { error: err, rule, job, mayComplete: false });
    }
    throw new UnrecoverableError(err.message);
  }

  /**
   * Cancelled before this delivery ran anything, after an earlier attempt did steps (its worker
   * died, or it waits out an outage): what that attempt did is undone, the step it was in
   * probed first, and it ends `cancelled`.
   */
  private async unwindCancelled(
    job: Job<OperationJobData>,
    op: OperationRecord,
  ): Promise<Envelope> {
    const error = Errors.cancelled(op.id);
    await this.unwinder.unwind(op, { error, rule: job.data.statusRule, job, mayComplete: false });
    await forgetSecrets(job);
    return this.jobEnd(op.id, null, error);
  }

  /**
   * The hypervisor link failed: try again later (backoff) while the outage budget lasts,
   * keeping the guest's turn. Returns when the budget is spent (the operation then fails).
   */
  private async waitOutOutage(
    job: Job<OperationJobData>,
    token: string | undefined,
    id: string,
    e: HvError,
  ): Promise<void> {
    const at = await nextOutageRetry(job, this.cfg.HV_OUTAGE_BUDGET_S * 1000);
    if (at === null) return;
    this.log.warn(`operation ${id}: hypervisor unreachable, trying again: ${e.message}`);
    await this.ops.requeue(id);
    await job.moveToDelayed(at, token);
    throw new DelayedError();
  }

  private asHvError(e: unknown, id: string, name: string): HvError {
    if (e instanceof HvError) return e;
    const errorId = randomUUID();
    this.log.error(`operation ${id} (${name}) error id ${errorId}`, (e as Error).stack);
    return Errors.internal(`error id ${errorId}`);
  }

  /**
   * Whether the operation is at the head of its guest's line. Heads that no longer hold it
   * (ended, not in doubt; or whose record is gone) are dropped; an operation missing from the
   * line (Redis lost it) rejoins.
   */
  private async myTurn(target: string, id: string): Promise<boolean> {
    for (;;) {
      const head = await this.turns.head(target);
      if (head === id) return true;
      if (head === null) {
        await this.turns.join(target, id);
        continue;
      }
      const headOp = await this.ops.get(head);
      if (headOp && holdsGuestLine(headOp)) {
        if (!(await this.turns.line(target)).includes(id)) await this.turns.join(target, id);
        return false;
      }
      await this.turns.leave(target, head);
    }
  }

  /** The operation's record, off the common path; an operation without one cannot run. */
  private async settleable(id: string): Promise<OperationRecord> {
    const op = await this.ops.get(id);
    if (!op) throw new UnrecoverableError(`operation ${id} has no record`);
    return op;
  }

  /** Records how the operation ended and ends its job so (jobEnd). */
  private async end(
    op: OperationRecord,
    status: 'failed' | 'cancelled',
    err: HvError,
    rule: OperationJobData['statusRule'],
    leftToUndo: readonly string[] = [],
  ): Promise<Envelope> {
    const ended = await this.settler.settle(op, status, err, rule, leftToUndo);
    return this.jobEnd(op.id, ended, err);
  }

  /**
   * The job of an operation that did not succeed ends as the dashboard should show it (issue
   * #59): a cancelled one completes, its value the cancelled envelope (a cancel is no failure);
   * a failed or needs_attention one fails without retries, its reason the envelope's text.
   */
  private async jobEnd(id: string, ended: OperationRecord | null, err: HvError): Promise<Envelope> {
    const row = ended ?? (await this.ops.get(id));
    if (row?.status === 'cancelled') return row.response ?? err.toEnvelope();
    throw new UnrecoverableError(row?.response?.errmsg ?? err.message);
  }

  /** Housekeeping jobs: no operation row, nobody waiting. */
  private async runSystem(job: Job, payload: object, invalid: boolean): Promise<Envelope> {
    if (invalid) throw new UnrecoverableError(`invalid payload of ${job.name}`);
    const ctx = new OperationContext(job.id ?? job.name, null, job, [], this.cancels);
    return ok(await handlerFor(this.moduleRef, job.name as JobName).run(payload as never, ctx));
  }
}
