import type { RelocationPass } from '#hypervisor';

/** Simulated rate at which CP copies guest memory to the destination (MB per second). */
export const RELOCATION_MB_PER_S = 1024;

/** Passes of a non-immediate relocation: CP copies, then re-copies what the guest dirtied. */
const PASSES = 3;

/** Share of the memory the running guest dirties while one pass is copied. */
const DIRTY_SHARE = 0.25;

export interface RelocationPlan {
  passes: RelocationPass[];
  totalMs: number;
  quiesceMs: number;
}

/**
 * How a relocation of a guest with `memoryMb` proceeds: without IMMEDIATE, CP copies all memory
 * while the guest runs, then what it dirtied meanwhile, and the last (smallest) pass with the
 * guest quiesced; with IMMEDIATE, it quiesces at once and copies everything in one pass, which
 * is quicker overall but keeps the guest stopped longer.
 */
export function planRelocation(memoryMb: number, immediate: boolean): RelocationPlan {
  const passCount = immediate ? 1 : PASSES;
  const passes: RelocationPass[] = [];
  let remaining = memoryMb;
  for (let i = 1; i <= passCount; i++) {
    const megabytes = Math.max(1, Math.round(remaining));
    passes.push({
      pass: i,
      megabytes,
      ms: Math.round((megabytes / RELOCATION_MB_PER_S) * 1000),
      quiesced: i === passCount,
    });
    remaining = remaining * DIRTY_SHARE;
  }
  const totalMs = passes.reduce((s, p) => s + p.ms, 0);
  const quiesceMs = passes.filter((p) => p.quiesced).reduce((s, p) => s + p.ms, 0);
  return { passes, totalMs, quiesceMs };
}
