import { BacklogGate } from './backlog-gate.js';

describe('BacklogGate', () => {
  let clock = 0;
  let backlog = 0;
  let counts = 0;
  const gate = (limit: number, maxAgeMs = 250) =>
    new BacklogGate(
      () => {
        counts++;
        return Promise.resolve(backlog);
      },
      limit,
      maxAgeMs,
      () => clock,
    );
  beforeEach(() => {
    clock = 0;
    backlog = 0;
    counts = 0;
  });

  it('far below the limit, counts once per maxAgeMs', async () => {
    const g = gate(100);
    for (let i = 0; i < 10; i++) expect(await g.admit()).toBe(true);
    expect(counts).toBe(1);
    clock = 250;
    expect(await g.admit()).toBe(true);
    expect(counts).toBe(2);
  });

  it('counts on every submission once its own admissions near half the limit', async () => {
    const g = gate(6);
    for (let i = 0; i < 6; i++) {
      expect(await g.admit()).toBe(true);
      backlog++; // each admitted job now waits in the queue
    }
    // 1 count (0), admitted 0, 1, 2 without asking; from 3 (= limit / 2) on every one asks
    expect(counts).toBe(4);
    expect(await g.admit()).toBe(false);
    expect(counts).toBe(5);
  });

  it('refuses at the limit even with a fresh count', async () => {
    backlog = 6;
    const g = gate(6, 1_000_000);
    expect(await g.admit()).toBe(false);
    expect(await g.admit()).toBe(false);
    expect(counts).toBe(2);
  });

  it('submissions arriving during a count share it', async () => {
    const g = gate(100);
    expect(await Promise.all([g.admit(), g.admit(), g.admit()])).toEqual([true, true, true]);
    expect(counts).toBe(1);
  });

  it('a failed count fails the submission and is not remembered', async () => {
    let fail = true;
    const g = new BacklogGate(
      () => (fail ? Promise.reject(new Error('down')) : Promise.resolve(0)),
      100,
      250,
      () => clock,
    );
    await expect(g.admit()).rejects.toThrow('down');
    fail = false;
    expect(await g.admit()).toBe(true);
  });

  it('a count taken before earlier admissions reached the queue does not forget them', async () => {
    const g = gate(60);
    // 35 arrive together: one count (0), all admitted; their jobs are still being added
    await Promise.all(Array.from({ length: 35 }, () => g.admit()));
    // 25 more: a new count, which still sees an empty queue
    await Promise.all(Array.from({ length: 25 }, () => g.admit()));
    // all 60 are in the queue now: the next one must be counted, and refused
    backlog = 60;
    expect(await g.admit()).toBe(false);
  });

  it('admissions whose jobs reached the queue are left to the count', async () => {
    const g = gate(60);
    for (let i = 0; i < 10; i++) expect(await g.admit()).toBe(true);
    for (let i = 0; i < 10; i++) g.queued();
    backlog = 10;
    clock = 250;
    for (let i = 0; i < 19; i++) expect(await g.admit()).toBe(true);
    expect(counts).toBe(2); // 10 counted + 19 admitted since: still below half
  });
});
