import { StallWatch } from './loop-stall.metrics.js';

describe('StallWatch', () => {
  let clock = 0;
  let watch: StallWatch;
  beforeEach(() => {
    clock = 0;
    watch = new StallWatch(() => clock);
  });
  afterEach(() => watch.stop());

  const tickAt = (ms: number) => {
    clock = ms;
    watch.tick();
  };

  it('reports the longest stall since the last read, then starts over', () => {
    tickAt(10);
    tickAt(130); // 110 ms late
    tickAt(140);
    tickAt(200); // 50 ms late
    expect(watch.take()).toBe(110);
    tickAt(210);
    expect(watch.take()).toBe(0);
  });

  it('counts in full, at the next read, a stall that a read was made in', () => {
    tickAt(10);
    // the loop is held from 10 ms to 610 ms; a scrape answered at 300 ms, inside the stall
    clock = 300;
    expect(watch.take()).toBe(0);
    tickAt(610);
    expect(watch.take()).toBe(590);
  });
});
