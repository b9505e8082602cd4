import { planRelocation } from './relocation.plan.js';

describe('planRelocation', () => {
  it('copies all memory, then the dirtied share twice, quiescing only for the last pass', () => {
    const plan = planRelocation(2048, false);
    expect(plan.passes.map((p) => p.megabytes)).toEqual([2048, 512, 128]);
    expect(plan.passes.map((p) => p.quiesced)).toEqual([false, false, true]);
    expect(plan.totalMs).toBe(2000 + 500 + 125);
    expect(plan.quiesceMs).toBe(125);
  });

  it('with IMMEDIATE copies everything in one quiesced pass', () => {
    const plan = planRelocation(1024, true);
    expect(plan.passes).toEqual([{ pass: 1, megabytes: 1024, ms: 1000, quiesced: true }]);
    expect(plan.totalMs).toBe(1000);
    expect(plan.quiesceMs).toBe(1000);
  });
});
