import type { StatusRule } from '#envelope';
import type { JobName, JobPayload } from '#jobs';

/** What an operation's BullMQ job carries; the job id is the operation id. */
export interface OperationJobData<N extends JobName = JobName> {
  payload: JobPayload<N>;
  /** How the originating route maps the result to an HTTP status (stored with the result). */
  statusRule: StatusRule;
  /** Where the operation is shown (the dashboard displays job data). */
  operation: string;
  /** The submitting request's id: every worker log line of the operation carries it. */
  requestId?: string;
  /**
   * Values the handler needs that must never be stored or shown (an import URL's credentials):
   * kept only here, out of the operation row, hidden by the dashboard, dropped when the job ends.
   */
  secrets?: Record<string, string>;
  /** Set while the job waits out a hypervisor outage (see worker/outage-retry.ts). */
  outage?: { since: number; retries: number };
  /** W3C traceparent of the first run's span, when tracing: a later run links to it. */
  firstRun?: string;
}
