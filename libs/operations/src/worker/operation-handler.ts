import type { Type } from '@nestjs/common';
import type { JobName, JobPayload, JobResult } from '#jobs';
import type { OperationContext } from './operation-context.js';

/** Runs one kind of operation in a worker. Steps go through `ctx.step` so they are recorded. */
export interface OperationHandler<N extends JobName> {
  run(payload: JobPayload<N>, ctx: OperationContext): Promise<JobResult<N>>;
}

/** Exactly one handler per catalogue entry; a missing entry is a compile error. */
export type HandlerRegistry = { [N in JobName]: Type<OperationHandler<N>> };

/** A feature's share of the registry: each job it names gets the handler for that job. */
export type HandlerMap = Partial<HandlerRegistry>;
