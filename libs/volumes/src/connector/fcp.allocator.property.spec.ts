import type { FcpRow } from '#persistence';
import { allocateFcps, allocateSameIndex, isFree, type PchidCapacity } from './fcp.allocator.js';

/** A small seeded generator (no dependency), so a failing seed reproduces. */
function lcg(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

const PCHIDS = ['02E0', '02E4', '0300', '0304'];

interface World {
  paths: FcpRow[][];
  min: number;
  info: Record<string, PchidCapacity> | undefined;
}

/** A random template: 1–4 paths of 1–6 FCPs on random PCHIDs, some offline or used outside. */
function randomWorld(rand: () => number): World {
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
  const pathCount = 1 + Math.floor(rand() * 4);
  const paths = Array.from({ length: pathCount }, (_, p) =>
    Array.from({ length: 1 + Math.floor(rand() * 6) }, (_, i): FcpRow => {
      const r = rand();
      return {
        fcpId: `${(0x1a + p).toString(16)}0${i}`,
        assignerId: '',
        connections: 0,
        reserved: 0,
        wwpnNpiv: rand() < 0.05 ? '' : `c05076de33001a0${i}`,
        wwpnPhy: 'c05076de33000027',
        chpid: '27',
        pchid: pick(PCHIDS),
        state: r < 0.1 ? 'offline' : r < 0.15 ? 'active' : 'free',
        owner: '',
        tmplId: '',
      };
    }),
  );
  const min = rand() < 0.3 ? -1 : 1 + Math.floor(rand() * pathCount);
  const info =
    rand() < 0.5
      ? undefined
      : Object.fromEntries(
          PCHIDS.map((p) => {
            const max = Math.floor(rand() * 6);
            return [p, { max, allocated: Math.floor(rand() * (max + 1)) }];
          }),
        );
  return { paths, min, info };
}

/** PCHID room: no PCHID gives more FCPs than max − allocated. */
function fitsCapacity(chosen: FcpRow[], info: World['info']): boolean {
  if (!info) return true;
  const uses = new Map<string, number>();
  for (const f of chosen) uses.set(f.pchid, (uses.get(f.pchid) ?? 0) + 1);
  return [...uses].every(([p, n]) => (info[p] ? info[p].max - info[p].allocated : 0) >= n);
}

/** Brute force: the most paths any valid choice (one free FCP per path, capacity) covers. */
function bestPossible(paths: FcpRow[][], info: World['info']): number {
  let best = 0;
  const walk = (i: number, chosen: FcpRow[]) => {
    if (!fitsCapacity(chosen, info)) return;
    if (i === paths.length) {
      best = Math.max(best, chosen.length);
      return;
    }
    walk(i + 1, chosen);
    // one representative FCP per PCHID is enough: FCPs of one PCHID are alike here
    const byPchid = new Map(paths[i].filter(isFree).map((f) => [f.pchid, f]));
    for (const f of byPchid.values()) walk(i + 1, [...chosen, f]);
  };
  walk(0, []);
  return best;
}

/** Same index: some i where the i-th FCP (by id) of every path is free and fits. */
function sameIndexPossible(paths: FcpRow[][], info: World['info']): boolean {
  const sorted = paths.map((p) => [...p].sort((a, b) => a.fcpId.localeCompare(b.fcpId)));
  const depth = Math.min(...sorted.map((p) => p.length));
  for (let i = 0; i < depth; i += 1) {
    const row = sorted.map((p) => p[i]);
    if (row.every(isFree) && fitsCapacity(row, info)) return true;
  }
  return false;
}

describe.each([
  ['default (PCHID-weighted)', 0],
  ['same index', 1],
])('FCP allocation properties: %s algorithm', (_name, sameIndex) => {
  it('over 400 random inventories and reserve/release sequences: no FCP shared, never too few paths, never an unnecessary refusal', () => {
    for (let seed = 1; seed <= 400; seed += 1) {
      const rand = lcg(seed * 7919 + sameIndex);
      const w = randomWorld(rand);
      const need = sameIndex ? w.paths.length : w.min === -1 ? w.paths.length : w.min;
      const owner = new Map<string, string>();
      const held = new Map<string, FcpRow[]>();
      for (let step = 0; step < 30; step += 1) {
        const guest = `G${Math.floor(rand() * 8)}`;
        const mine = held.get(guest);
        if (mine) {
          if (rand() < 0.4) {
            for (const f of mine) {
              f.reserved = 0; // release (reserve=false) with no connections left
              owner.delete(f.fcpId);
            }
            held.delete(guest);
          }
          continue;
        }
        const r = sameIndex
          ? allocateSameIndex(w.paths, w.info, rand)
          : allocateFcps(w.paths, w.min, w.info, rand);
        const ctx = `seed ${seed} step ${step}`;
        if (!Array.isArray(r)) {
          // refused only when nothing valid exists
          const possible = sameIndex
            ? sameIndexPossible(w.paths, w.info)
            : bestPossible(w.paths, w.info) >= Math.max(need, 1);
          expect({ ctx, possible }).toEqual({ ctx, possible: false });
          continue;
        }
        expect({ ctx, enough: r.length >= need }).toEqual({ ctx, enough: true });
        const pathOf = r.map((f) => w.paths.findIndex((p) => p.includes(f)));
        expect({ ctx, distinctPaths: new Set(pathOf).size }).toEqual({
          ctx,
          distinctPaths: r.length,
        });
        expect({ ctx, free: r.every(isFree), fits: fitsCapacity(r, w.info) }).toEqual({
          ctx,
          free: true,
          fits: true,
        });
        if (sameIndex) {
          const idx = r.map((f, k) =>
            [...w.paths[pathOf[k]]].sort((a, b) => a.fcpId.localeCompare(b.fcpId)).indexOf(f),
          );
          expect({ ctx, sameIndex: new Set(idx).size }).toEqual({ ctx, sameIndex: 1 });
        } else {
          // as many paths as any valid choice could cover
          expect({ ctx, paths: r.length }).toEqual({ ctx, paths: bestPossible(w.paths, w.info) });
        }
        for (const f of r) {
          expect({ ctx, fcp: f.fcpId, owner: owner.get(f.fcpId) }).toEqual({
            ctx,
            fcp: f.fcpId,
            owner: undefined,
          });
          owner.set(f.fcpId, guest);
          f.reserved = 1; // what the connector writes
        }
        held.set(guest, r);
      }
    }
  });
});

describe('same-index allocation', () => {
  const row = (id: string, pchid: string, state: FcpRow['state'] = 'free'): FcpRow => ({
    fcpId: id,
    assignerId: '',
    connections: 0,
    reserved: 0,
    wwpnNpiv: `c05076de3300${id}`,
    wwpnPhy: 'c05076de33000027',
    chpid: '27',
    pchid,
    state,
    owner: '',
    tmplId: '',
  });

  it('takes the i-th FCP of every path, skipping indexes with a busy FCP', () => {
    const paths = [
      [row('1a01', 'A'), row('1a00', 'A')],
      [row('1b00', 'B', 'offline'), row('1b01', 'B')],
    ];
    const r = allocateSameIndex(paths, undefined, () => 0);
    expect(Array.isArray(r) && r.map((f) => f.fcpId)).toEqual(['1a01', '1b01']);
  });

  it('needs every path and PCHID room', () => {
    expect(
      allocateSameIndex([[row('1a00', 'A')], [row('1b00', 'B', 'offline')]], undefined),
    ).toEqual({ reason: expect.any(String) });
    const info = { A: { max: 1, allocated: 0 }, B: { max: 1, allocated: 1 } };
    expect(allocateSameIndex([[row('1a00', 'A')], [row('1b00', 'B')]], info)).toEqual({
      reason: expect.any(String),
    });
  });
});
