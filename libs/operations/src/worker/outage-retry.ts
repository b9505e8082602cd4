import type { Job } from 'bullmq';
import { HvError } from '#envelope';
import type { OperationJobData } from '../job-data.js';

/** Failures worth another attempt: the hypervisor link, not the hypervisor's answer. */
export function isLinkFailure(e: unknown): boolean {
  return (
    e instanceof HvError &&
    e.modID === 1 &&
    ((e.overallRC === 99 && e.rs === 305) || e.overallRC === 5)
  );
}

/** What a job remembers of the hypervisor outage it is waiting out. */
export interface OutageState {
  /** Epoch ms of the first link failure of the current outage. */
  since: number;
  retries: number;
}

const BACKOFF_BASE_MS = 500;
const BACKOFF_MAX_MS = 15_000;

/**
 * When to try again after a link failure, or null once the outage budget is spent. The job's
 * data keeps the outage's start across workers, so a crash does not restart the budget.
 */
export async function nextOutageRetry(
  job: Job<OperationJobData>,
  budgetMs: number,
  now = Date.now(),
): Promise<number | null> {
  const prev = job.data.outage;
  const state: OutageState = { since: prev?.since ?? now, retries: (prev?.retries ?? 0) + 1 };
  if (now - state.since >= budgetMs) return null;
  await job.updateData({ ...job.data, outage: state });
  const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (state.retries - 1));
  return now + Math.min(delay, state.since + budgetMs - now);
}
