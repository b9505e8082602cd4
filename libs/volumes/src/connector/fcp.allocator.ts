import type { FcpRow } from '#persistence';

/** Capacity of one PCHID as the caller reports it in `pchid_info`. */
export interface PchidCapacity {
  max: number;
  allocated: number;
}

export type Random = () => number;

/** Free for allocation: unused in the database, free in the hypervisor, with both WWPNs. */
export const isFree = (f: FcpRow): boolean =>
  f.connections === 0 &&
  f.reserved === 0 &&
  f.state === 'free' &&
  f.wwpnNpiv !== '' &&
  f.wwpnPhy !== '';

/** Every k-subset of `items`, in order. */
function* subsets<T>(items: T[], k: number, start = 0): Generator<T[]> {
  if (k === 0) {
    yield [];
    return;
  }
  for (let i = start; i <= items.length - k; i += 1) {
    for (const rest of subsets(items, k - 1, i + 1)) yield [items[i], ...rest];
  }
}

/** Every way of giving each path one of its PCHIDs. */
function* assignments(options: string[][], i = 0): Generator<string[]> {
  if (i === options.length) {
    yield [];
    return;
  }
  for (const p of options[i]) {
    for (const rest of assignments(options, i + 1)) yield [p, ...rest];
  }
}

/** min over PCHIDs of (max − allocated) / FCPs taken from it; unbounded without pchid_info. */
function weightOf(pchids: string[], info: Record<string, PchidCapacity> | undefined): number {
  if (!info) return Number.POSITIVE_INFINITY;
  const uses = new Map<string, number>();
  for (const p of pchids) uses.set(p, (uses.get(p) ?? 0) + 1);
  let w = Number.POSITIVE_INFINITY;
  for (const [p, n] of uses) {
    const cap = info[p];
    w = Math.min(w, cap ? (cap.max - cap.allocated) / n : 0);
  }
  return w;
}

const pickOne = <T>(items: T[], rand: Random): T =>
  items[Math.min(items.length - 1, Math.floor(rand() * items.length))];

/**
 * The reference's default algorithm (§8.5, get_fcp_pair_with_same_index = 0): as many paths as
 * have a free FCP, down to the minimum; among path→PCHID combinations keep those whose weight is
 * at least 1, the heaviest, then those spreading over most PCHIDs; pick one at random, and a
 * random free FCP per chosen path and PCHID. Returns the chosen FCPs, or why there are none.
 */
export function allocateFcps(
  paths: FcpRow[][],
  minPaths: number,
  pchidInfo: Record<string, PchidCapacity> | undefined,
  rand: Random = Math.random,
): FcpRow[] | { reason: string } {
  const freeByPath = paths.map((p) => p.filter(isFree));
  const usable = freeByPath.map((_, i) => i).filter((i) => freeByPath[i].length > 0);
  const min = minPaths === -1 ? paths.length : minPaths;
  if (paths.length === 0) return { reason: 'the FCP Multipath Template has no FCP devices' };
  if (usable.length < min) {
    return {
      reason:
        `only ${usable.length} of ${paths.length} paths have a free FCP device, ` +
        `at least ${min} are needed`,
    };
  }
  for (let n = usable.length; n >= Math.max(min, 1); n -= 1) {
    let best: { paths: number[]; pchids: string[] }[] = [];
    let bestWeight = -1;
    let bestSpread = -1;
    for (const chosen of subsets(usable, n)) {
      const options = chosen.map((i) => [...new Set(freeByPath[i].map((f) => f.pchid))]);
      for (const pchids of assignments(options)) {
        const w = weightOf(pchids, pchidInfo);
        if (w < 1) continue;
        const spread = new Set(pchids).size;
        if (w > bestWeight || (w === bestWeight && spread > bestSpread)) {
          best = [];
          bestWeight = w;
          bestSpread = spread;
        }
        if (w === bestWeight && spread === bestSpread) best.push({ paths: chosen, pchids });
      }
    }
    if (best.length > 0) {
      const choice = pickOne(best, rand);
      return choice.paths.map((path, k) =>
        pickOne(
          freeByPath[path].filter((f) => f.pchid === choice.pchids[k]),
          rand,
        ),
      );
    }
  }
  return { reason: 'no combination of free FCP devices fits the PCHID capacity in pchid_info' };
}

/**
 * The reference's same-index algorithm (§8.5, get_fcp_pair_with_same_index = 1): every path
 * takes its i-th FCP (sorted by id), for an index i where all of them are free and the PCHIDs
 * they use have room (weight ≥ 1); one such index at random. Needs every path (the template's
 * minimum does not apply).
 */
export function allocateSameIndex(
  paths: FcpRow[][],
  pchidInfo: Record<string, PchidCapacity> | undefined,
  rand: Random = Math.random,
): FcpRow[] | { reason: string } {
  if (paths.length === 0) return { reason: 'the FCP Multipath Template has no FCP devices' };
  const sorted = paths.map((p) => [...p].sort((a, b) => a.fcpId.localeCompare(b.fcpId)));
  if (sorted.some((p) => !p.some(isFree))) {
    return { reason: 'not every path has a free FCP device' };
  }
  const depth = Math.min(...sorted.map((p) => p.length));
  const candidates: FcpRow[][] = [];
  for (let i = 0; i < depth; i += 1) {
    const row = sorted.map((p) => p[i]);
    if (!row.every(isFree)) continue;
    if (
      weightOf(
        row.map((f) => f.pchid),
        pchidInfo,
      ) < 1
    )
      continue;
    candidates.push(row);
  }
  if (candidates.length === 0) {
    return { reason: 'no index has a free FCP device on every path (with PCHID room)' };
  }
  return pickOne(candidates, rand);
}
