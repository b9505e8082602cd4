import type { Job } from 'bullmq';
import { JOB_CATALOGUE, isJobName } from '#jobs';
import type { OperationRecord } from '#persistence';
import { activeTraceparent, annotate, linkTo, type OperationIdentity, tracing } from '#telemetry';
import type { OperationJobData } from '../job-data.js';

/** The guest (or switch) a job's operation works on, as its catalogue entry reads it. */
function targetOf(job: Job<OperationJobData>): string | null {
  if (!isJobName(job.name)) return null;
  try {
    return (JOB_CATALOGUE[job.name].target as (p: unknown) => string | null)(job.data.payload);
  } catch {
    return null; // a malformed payload: the run itself reports it
  }
}

/**
 * What the span of a job's run names (OperationSpan of OperationRunner.run): the operation, and
 * its first run when this one is a later one (resumed after a lost worker, or after a wait).
 */
export function jobRun(job: Job<OperationJobData>): {
  op: OperationIdentity;
  links: ReturnType<typeof linkTo>;
} {
  return {
    op: { id: job.id ?? job.name, kind: job.name, userid: targetOf(job) },
    links: linkTo(job.data.firstRun),
  };
}

/** What the span of an unwind (OperationUnwinder.unwind) names: the operation of the row. */
export function rowRun(op: OperationRecord): { op: OperationIdentity } {
  return { op: { id: op.id, kind: op.kind, userid: op.target } };
}

/**
 * The run has started (its row is `running`): its attempt number goes on the span, and the
 * first run's span is kept in the job, for later runs to link to. Only when tracing: one Redis
 * write per operation.
 */
export async function rememberRun(job: Job<OperationJobData>, attempt: number): Promise<void> {
  if (!tracing()) return;
  annotate({ 'operation.attempt': attempt });
  if (job.data.firstRun) return;
  const firstRun = activeTraceparent();
  // best effort: without it a resumed run only lacks its link
  if (firstRun) await job.updateData({ ...job.data, firstRun }).catch(() => null);
}
