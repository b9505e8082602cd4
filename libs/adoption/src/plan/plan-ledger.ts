import type { AdoptionPlan, Conflict, Kind, Prefer } from './plan.types.js';
import { KINDS } from './plan.types.js';

/** An empty plan: what the planners fill in. */
export function emptyPlan(missing: string[]): AdoptionPlan {
  const report = Object.fromEntries(
    KINDS.map((k) => [k, { adopted: [], present: [], skipped: [] }]),
  ) as unknown as AdoptionPlan['report'];
  return {
    report,
    conflicts: [],
    warnings: [],
    writes: { guests: [], images: [], fcps: [], templates: [], nics: [] },
    imageCopies: [],
    missing,
  };
}

/**
 * A conflict: recorded, and under `--prefer` resolved. Answers whether theirs is to be
 * written (prefer theirs); with prefer ours the record is reported as skipped.
 */
export function conflict(plan: AdoptionPlan, c: Conflict, prefer: Prefer): boolean {
  plan.conflicts.push(c);
  if (prefer === 'ours') {
    plan.report[c.kind].skipped.push({ key: c.key, reason: `conflict, ours kept (${c.ours})` });
  }
  return prefer === 'theirs';
}

export const skip = (plan: AdoptionPlan, kind: Kind, key: string, reason: string): void => {
  plan.report[kind].skipped.push({ key, reason });
};

/** Order-independent JSON, to compare JSON objects. */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}
