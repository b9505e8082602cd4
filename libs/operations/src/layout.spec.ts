import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '#config';

/**
 * libs/operations is split by process (issue #24): api/ holds what only
 * OperationsModule.forApi() loads, worker/ what only forWorker() loads (ESLint keeps the two
 * apart, see eslint.config.js). The top level holds only what both sides import: a new file
 * goes in its side's folder, and one both need is added here on purpose.
 */
const TOP_LEVEL = [
  'api',
  'worker',
  'coordination', // Redis, guest lines, cancel signals: both sides
  'testing', // #operations/testing
  'index.ts',
  'operations.module.ts',
  'queues.module.ts',
  'queue-settings.service.ts',
  'queue-drain.service.ts', // the api holds submits by it, the worker's reconciler pauses again
  'queue-of.ts', // the api adds and cancels jobs, the worker's reconciler and prune schedule too
  'job-data.ts',
  'job-options.ts', // the api adds jobs, the reconciler re-adds them
  'operation-view.ts',
  'step-doubts.ts', // operation-view reads whether a step was left in doubt
  'step-options.ts',
  'operation-log.ts', // the api logs 'queued', the worker the rest
];

/** A spec of a listed file sits beside it (`x.spec.ts` or `x.more.spec.ts` for `x.ts`). */
const specOfListed = (entry: string) =>
  entry.endsWith('.spec.ts') &&
  TOP_LEVEL.some((f) => f.endsWith('.ts') && entry.startsWith(f.replace(/ts$/, '')));

describe('libs/operations layout', () => {
  const entries = readdirSync(join(repoRoot(), 'libs/operations/src'));

  it('keeps at the top level only what both sides share', () => {
    const unlisted = entries.filter(
      (e) => e !== 'layout.spec.ts' && !TOP_LEVEL.includes(e) && !specOfListed(e),
    );
    expect(unlisted).toEqual([]);
  });

  it('lists no entry that is gone', () => {
    expect(TOP_LEVEL.filter((e) => !entries.includes(e))).toEqual([]);
  });
});
