import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { type Job, UnrecoverableError } from 'bullmq';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { type Envelope, Errors, HvError, httpStatusOf, ok } from '#envelope';
import { JOB_CATALOGUE, type JobName, isJobName } from '#jobs';
import { OperationsRepository } from '#persistence';
import type { OperationJobData } from './job-data.js';
import { OperationContext } from './operation-context.js';
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

/** Runs an operation's job in a worker: payload check, steps, result on the operation row. */
@Injectable()
export class OperationRunner {
  private readonly log = new Logger(OperationRunner.name);

  constructor(
    private readonly ops: OperationsRepository,
    private readonly moduleRef: ModuleRef,
  ) {}

  private registry(): HandlerRegistry {
    return this.moduleRef.get<HandlerRegistry>(HANDLER_REGISTRY, { strict: false });
  }

  async run(job: Job<OperationJobData>): Promise<Envelope> {
    const id = job.id!;
    if (!isJobName(job.name)) throw new UnrecoverableError(`unknown job ${job.name}`);
    const op = await this.ops.get(id);
    if (!op) throw new UnrecoverableError(`operation ${id} has no record`);
    if (isFinal(op.status) && op.response) return op.response; // at-least-once delivery
    const rule = job.data.statusRule;

    const def = JOB_CATALOGUE[job.name];
    const payload = plainToInstance(def.payload as new () => object, job.data.payload);
    const problems = await validate(payload);
    if (problems.length) {
      const err = Errors.input(
        3,
        `payload of ${job.name}: ${problems.map((p) => p.property).join(', ')}`,
      );
      return this.fail(id, err, rule);
    }

    await this.ops.markRunning(id, job.attemptsMade + 1);
    const ctx = new OperationContext(id, this.ops, job, op.steps);
    const handler = this.moduleRef.get<OperationHandler<JobName>>(this.registry()[job.name], {
      strict: false,
    });
    try {
      const output = await handler.run(payload as never, ctx);
      const env = ok(output);
      await this.ops.finish(id, { status: 'succeeded', response: env, httpStatus: 200 });
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
      let err: HvError;
      if (e instanceof HvError) err = e;
      else {
        const errorId = randomUUID();
        this.log.error(`operation ${id} (${job.name}) error id ${errorId}`, (e as Error).stack);
        err = Errors.internal(`error id ${errorId}`);
      }
      return this.fail(id, err, rule);
    }
  }

  /** Records the failure and fails the job without retries (the dashboard shows it failed). */
  private async fail(
    id: string,
    err: HvError,
    rule: OperationJobData['statusRule'],
  ): Promise<never> {
    const env = err.toEnvelope();
    await this.ops.finish(id, {
      status: 'failed',
      response: env,
      httpStatus: httpStatusOf(env, rule),
    });
    throw new UnrecoverableError(err.message);
  }
}
