import type { JobsOptions } from 'bullmq';

/** Options of every operation's job (the job id, the operation id, is added by the caller). */
export function jobOptions(attempts: number): JobsOptions {
  return {
    attempts,
    backoff: { type: 'exponential', delay: 1000 },
    removeOnComplete: { age: 24 * 3600, count: 10_000 },
    removeOnFail: { age: 7 * 24 * 3600, count: 10_000 },
    // a failed job's reason is its operation's envelope text; a stack is for the logs, not the
    // dashboard the operators watch (issue #59)
    stackTraceLimit: 0,
  };
}
