import type { FcpRow } from '#persistence';
import { allocateFcps, isFree, type PchidCapacity } from './fcp.allocator.js';

const fcp = (id: string, pchid: string, over: Partial<FcpRow> = {}): FcpRow => ({
  fcpId: id,
  assignerId: '',
  connections: 0,
  reserved: 0,
  wwpnNpiv: `c05076de3300${id}`,
  wwpnPhy: 'c05076de33000027',
  chpid: '27',
  pchid,
  state: 'free',
  owner: '',
  tmplId: '',
  ...over,
});

/** A small deterministic generator, so failures reproduce. */
function lcg(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

describe('FCP allocation', () => {
  it('takes one free FCP per path', () => {
    const paths = [
      [fcp('1a00', 'A', { reserved: 1 }), fcp('1a01', 'A')],
      [fcp('1b00', 'B', { state: 'offline' }), fcp('1b01', 'B')],
    ];
    const r = allocateFcps(paths, -1, undefined);
    expect(Array.isArray(r) && r.map((f) => f.fcpId)).toEqual(['1a01', '1b01']);
  });

  it('answers a reason when fewer paths than the minimum have a free FCP', () => {
    const paths = [[fcp('1a00', 'A')], [fcp('1b00', 'B', { connections: 1, reserved: 1 })]];
    expect(allocateFcps(paths, -1, undefined)).toEqual({ reason: expect.any(String) });
    const r = allocateFcps(paths, 1, undefined);
    expect(Array.isArray(r) && r.map((f) => f.fcpId)).toEqual(['1a00']);
  });

  it('prefers PCHIDs with room and spreads over PCHIDs', () => {
    const paths = [
      [fcp('1a00', 'A'), fcp('1a08', 'C')],
      [fcp('1b00', 'A'), fcp('1b08', 'D')],
    ];
    const info: Record<string, PchidCapacity> = {
      A: { max: 10, allocated: 0 },
      C: { max: 10, allocated: 9 },
      D: { max: 10, allocated: 9 },
    };
    // A twice: weight 5; C+A or A+D: weight 1; so A on both paths.
    const r = allocateFcps(paths, -1, info, lcg(1));
    expect(Array.isArray(r) && r.map((f) => f.pchid)).toEqual(['A', 'A']);
    const full = { ...info, A: { max: 10, allocated: 10 } };
    const r2 = allocateFcps(paths, -1, full, lcg(1));
    expect(Array.isArray(r2) && r2.map((f) => f.pchid)).toEqual(['C', 'D']);
  });

  it('property: repeated allocations never share an FCP and never go below the minimum', () => {
    for (let seed = 1; seed <= 40; seed += 1) {
      const rand = lcg(seed);
      const pathCount = 1 + Math.floor(rand() * 3);
      const min = Math.floor(rand() * (pathCount + 1)) || -1;
      const paths = Array.from({ length: pathCount }, (_, p) =>
        Array.from({ length: 1 + Math.floor(rand() * 5) }, (_, i) =>
          fcp(`${p}00${i}`, rand() < 0.5 ? 'A' : 'B', {
            state: rand() < 0.15 ? 'offline' : 'free',
          }),
        ),
      );
      const owner = new Map<string, string>();
      for (let guest = 0; guest < 12; guest += 1) {
        const r = allocateFcps(paths, min, undefined, rand);
        if (!Array.isArray(r)) {
          const freePaths = paths.filter((p) => p.some(isFree)).length;
          expect(freePaths).toBeLessThan(min === -1 ? pathCount : min);
          continue;
        }
        expect(r.length).toBeGreaterThanOrEqual(min === -1 ? pathCount : min);
        expect(new Set(r.map((f) => paths.findIndex((p) => p.includes(f)))).size).toBe(r.length);
        for (const f of r) {
          expect(owner.has(f.fcpId)).toBe(false);
          owner.set(f.fcpId, `G${guest}`);
          f.reserved = 1; // what the connector writes
        }
      }
    }
  });
});
