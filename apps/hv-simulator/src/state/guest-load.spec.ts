import { cpuSecondsPerCpu, memInfo, memoryInUse } from './guest-load.js';

describe('guest load model', () => {
  it('CPU time only grows, at a light load that changes over time', () => {
    let last = 0;
    const rates: number[] = [];
    for (let t = 1; t <= 120; t++) {
      const now = cpuSecondsPerCpu(t);
      expect(now).toBeGreaterThan(last);
      rates.push(now - last);
      last = now;
    }
    expect(Math.min(...rates)).toBeGreaterThanOrEqual(0.02);
    expect(Math.max(...rates)).toBeLessThanOrEqual(0.14);
    expect(Math.max(...rates) - Math.min(...rates)).toBeGreaterThan(0.05);
  });

  it('memory in use moves within the storage; the OS figures stay consistent', () => {
    const shares = [0, 3, 6, 9].map((t) => memoryInUse(t, true));
    expect(new Set(shares).size).toBe(4);
    for (const s of shares) expect(s).toBeGreaterThan(0.4);
    expect(memoryInUse(5, false)).toBe(0.05);
    const m = memInfo(2048 * 1024, 4);
    expect(m.total).toBeLessThan(2048 * 1024);
    expect(m.free).toBeLessThan(m.available);
    expect(m.available).toBeLessThanOrEqual(m.total);
  });
});
