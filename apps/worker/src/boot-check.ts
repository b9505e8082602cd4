import { JOB_NAMES, QUEUES } from '#jobs';

/**
 * Problems that must stop a worker at boot: a catalogue entry without a handler, a handler
 * without an entry, or a WORKER_QUEUES name that is not a queue.
 */
export function bootProblems(
  handlers: Record<string, unknown>,
  wanted: readonly string[],
): string[] {
  const problems: string[] = [];
  for (const name of JOB_NAMES) if (!handlers[name]) problems.push(`job ${name} has no handler`);
  for (const name of Object.keys(handlers)) {
    if (!(JOB_NAMES as string[]).includes(name))
      problems.push(`handler ${name} has no catalogue entry`);
  }
  for (const q of wanted) {
    if (!(QUEUES as readonly string[]).includes(q))
      problems.push(`WORKER_QUEUES names unknown queue ${q}`);
  }
  return problems;
}
