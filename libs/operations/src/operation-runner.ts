import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { DelayedError, type Job, UnrecoverableError } from 'bullmq';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { AppConfig } from '#config';
import { type Envelope, Errors, HvError, httpStatusOf, ok } from '#envelope';
import { JOB_CATALOGUE, type JobDefinition, type JobName, isJobName } from '#jobs';
import { type OperationRecord, OperationsRepository } from '#persistence';
import { CancelSignals } from './coordination/cancel-signals.service.js';
import { GuestTurns } from './coordination/guest-turns.service.js';
import type { OperationJobData } from './job-data.js';
import { OperationCancelled, OperationContext } from './operation-context.js';
import type { HandlerRegistry, OperationHandler } from './operation-handler.js';
import { isFinal } from './operation-view.js';

/** Failures worth another attempt: the hypervisor link, not the hypervisor's answer. */
function isRetryable(e: unknown): boolean {
  return (
    e instanceof HvError &&
    e.modID === 1 &&
    ((e.overallRC === 99 && e.rs === 305) || e.overallRC === 5)
  );
}

export const HANDLER_REGISTRY = Symbol('HANDLER_REGISTRY');

type AnyDefinition = JobDefinition<object, unknown>;

/**
 * Runs an operation's job in a worker: payload check, its guest's turn, steps, cancellation,
 * undo on failure, and the result on the operation row.
 */
@Injectable()
export class OperationRunner {
  private readonly log = new Logger(OperationRunner.name);

  constructor(
    private readonly cfg: AppConfig,
    private readonly ops: OperationsRepository,
    private readonly turns: GuestTurns,
    private readonly cancels: CancelSignals,
    private readonly moduleRef: ModuleRef,
  ) {}

  private handler(name: JobName): OperationHandler<JobName> {
    const registry = this.moduleRef.get<HandlerRegistry>(HANDLER_REGISTRY, { strict: false });
    return this.moduleRef.get<OperationHandler<JobName>>(registry[name], { strict: false });
  }

  async run(job: Job<OperationJobData>, token?: string): Promise<Envelope> {
    if (!isJobName(job.name)) throw new UnrecoverableError(`unknown job ${job.name}`);
    const def = JOB_CATALOGUE[job.name] as AnyDefinition;
    const payload = plainToInstance(def.payload, job.data.payload);
    // forbidUnknownValues off: a payload without fields (operations.prune) is valid, not unknown
    const problems = await validate(payload, { forbidUnknownValues: false });
    if (def.system) return this.runSystem(job, payload, problems.length > 0);

    const id = job.id!;
    const op = await this.ops.get(id);
    if (!op) throw new UnrecoverableError(`operation ${id} has no record`);
    if (isFinal(op.status) && op.response) return op.response; // at-least-once delivery
    const rule = job.data.statusRule;
    const target = def.target(payload);
    if (problems.length) {
      const fields = problems.map((p) => p.property).join(', ');
      return this.end(
        op,
        target,
        'failed',
        Errors.input(3, `payload of ${job.name}: ${fields}`),
        rule,
      );
    }
    if (target && !(await this.myTurn(target, id))) {
      // wait for the guest's earlier operations without holding a worker slot
      await job.moveToDelayed(Date.now() + this.cfg.GUEST_TURN_RECHECK_MS, token);
      throw new DelayedError();
    }
    if (await this.cancels.requested(id))
      return this.end(op, target, 'cancelled', Errors.cancelled(id), rule);

    await this.ops.markRunning(id, job.attemptsMade + 1);
    const ctx = new OperationContext(id, this.ops, job, op.steps, this.cancels);
    try {
      const output = await this.handler(job.name).run(payload as never, ctx);
      const env = ok(output);
      await this.ops.finish(id, { status: 'succeeded', response: env, httpStatus: 200 });
      await this.leaveLine(target, id);
      return env;
    } catch (e) {
      if (isRetryable(e) && job.attemptsMade + 1 < (job.opts.attempts ?? 1)) {
        this.log.warn(
          `operation ${id} attempt ${job.attemptsMade + 1} failed, will retry: ${(e as Error).message}`,
        );
        await this.ops.requeue(id);
        throw e;
      }
      await ctx.rollback();
      if (e instanceof OperationCancelled)
        return this.end(op, target, 'cancelled', Errors.cancelled(id), rule);
      return this.end(op, target, 'failed', this.asHvError(e, id, job.name), rule);
    }
  }

  private asHvError(e: unknown, id: string, name: string): HvError {
    if (e instanceof HvError) return e;
    const errorId = randomUUID();
    this.log.error(`operation ${id} (${name}) error id ${errorId}`, (e as Error).stack);
    return Errors.internal(`error id ${errorId}`);
  }

  /**
   * Whether the operation is at the head of its guest's line. Heads that have ended (or whose
   * record is gone) are dropped; an operation missing from the line (Redis lost it) rejoins.
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
      if (headOp && !isFinal(headOp.status)) {
        if (!(await this.turns.line(target)).includes(id)) await this.turns.join(target, id);
        return false;
      }
      await this.turns.leave(target, head);
    }
  }

  private async leaveLine(target: string | null, id: string): Promise<void> {
    if (target) await this.turns.leaveAndWake(target, id);
  }

  /** Records how the operation ended and fails the job without retries. */
  private async end(
    op: OperationRecord,
    target: string | null,
    status: 'failed' | 'cancelled',
    err: HvError,
    rule: OperationJobData['statusRule'],
  ): Promise<never> {
    const env = err.toEnvelope();
    await this.ops.finish(op.id, {
      status,
      response: env,
      httpStatus: err.httpStatus ?? httpStatusOf(env, rule),
    });
    await this.cancels.clear(op.id);
    await this.leaveLine(target, op.id);
    throw new UnrecoverableError(err.message);
  }

  /** Housekeeping jobs: no operation row, nobody waiting. */
  private async runSystem(job: Job, payload: object, invalid: boolean): Promise<Envelope> {
    if (invalid) throw new UnrecoverableError(`invalid payload of ${job.name}`);
    const ctx = new OperationContext(job.id ?? job.name, null, job, [], this.cancels);
    return ok(await this.handler(job.name as JobName).run(payload as never, ctx));
  }
}
