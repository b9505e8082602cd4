import { BurstEndCollection, fullCollection } from './burst-end-collection.js';

/** Feeds a sequence of held counts, one check each; returns the bursts' sizes it collected at. */
function collectedAt(counts: number[], minBurst = 1000): number[] {
  let i = 0;
  const collected: number[] = [];
  const burst = new BurstEndCollection(
    () => counts[i],
    minBurst,
    (high) => collected.push(high),
  );
  for (; i < counts.length; i++) burst.check();
  return collected;
}

describe('BurstEndCollection', () => {
  it('collects once when a burst has been answered down to an eighth of its rise', () => {
    // 10,000 held starts answered, the last 1,119 a little later, then none
    expect(collectedAt([0, 4000, 10000, 9000, 3000, 1119, 600, 0, 0])).toEqual([10000]);
  });

  it('does not collect for fewer than the burst size, nor while the burst is still held', () => {
    expect(collectedAt([0, 999, 500, 0])).toEqual([]);
    expect(collectedAt([0, 5000, 5000, 2000, 700])).toEqual([]);
  });

  it('measures the next burst from what the last one left held, and each burst once', () => {
    // 3,000 answered but 300 (a tenth) still held, then those too; then 2,500, answered
    const counts = [0, 3000, 3000, 300, 0, 300, 2500, 1000, 400, 300];
    expect(collectedAt(counts)).toEqual([3000, 2500]);
    // a rise of 900 on top of the 300 left is no burst
    expect(collectedAt([0, 3000, 300, 1200, 300])).toEqual([3000]);
  });

  it("hands out V8's full collection, which frees what nothing holds", async () => {
    const gc = fullCollection();
    const ref = (() => new WeakRef({ big: new Array(1000).fill(1) }))();
    // a WeakRef's target lives at least to the end of the turn that made or read it
    await new Promise((r) => setImmediate(r));
    gc();
    expect(ref.deref()).toBeUndefined();
  });
});
