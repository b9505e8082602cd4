import { collected } from '#testing';
import { TurnSlicer } from './turn-slicer.js';

const nextTurn = () => new Promise<void>((r) => setImmediate(r));

describe('TurnSlicer', () => {
  const errors: unknown[] = [];
  const slicer = () => new TurnSlicer((e) => errors.push(e), 3);
  beforeEach(() => (errors.length = 0));

  it('runs a few calls at once, as a direct call would', () => {
    const ran: number[] = [];
    slicer().run([1, 2, 3].map((n) => () => ran.push(n)));
    expect(ran).toEqual([1, 2, 3]);
  });

  it('runs many calls a slice per turn of the event loop, in order', async () => {
    const ran: number[] = [];
    const s = slicer();
    s.run([1, 2, 3, 4, 5, 6, 7].map((n) => () => ran.push(n)));
    expect(ran).toEqual([1, 2, 3]);
    await nextTurn();
    expect(ran).toEqual([1, 2, 3, 4, 5, 6]);
    await nextTurn();
    expect(ran).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('queues calls behind those still waiting, even a few', async () => {
    const ran: string[] = [];
    const s = slicer();
    s.run(['a', 'b', 'c', 'd'].map((n) => () => ran.push(n)));
    s.run([() => ran.push('late')]);
    expect(ran).toEqual(['a', 'b', 'c']);
    await nextTurn();
    expect(ran).toEqual(['a', 'b', 'c', 'd', 'late']);
    s.run([() => ran.push('idle again')]);
    expect(ran.at(-1)).toBe('idle again');
  });

  it('counts calls handed in one at a time against the same turn', async () => {
    const ran: number[] = [];
    const s = slicer();
    for (const n of [1, 2, 3, 4, 5]) s.run([() => ran.push(n)]);
    expect(ran).toEqual([1, 2, 3]);
    expect(s.queued).toBe(2);
    await nextTurn();
    expect(ran).toEqual([1, 2, 3, 4, 5]);
    expect(s.queued).toBe(0);
  });

  it('reports a call that throws and runs the rest', async () => {
    const ran: number[] = [];
    const boom = new Error('boom');
    slicer().run([
      () => ran.push(1),
      () => {
        throw boom;
      },
      () => ran.push(3),
      () => ran.push(4),
    ]);
    await nextTurn();
    expect(ran).toEqual([1, 3, 4]);
    expect(errors).toEqual([boom]);
  });

  it('lets go of each call it has run while others still wait', async () => {
    // under a steady load each turn hands in more than it runs, so the queue never empties: a
    // call that ran must not stay held (with the request it closes over) until it does
    const s = slicer();
    const handed: WeakRef<object>[] = [];
    const hand = () => {
      const request = { body: new Array<number>(1000).fill(7) };
      handed.push(new WeakRef(request));
      s.run([() => void request.body.length]);
    };
    for (let turn = 0; turn < 4; turn++) {
      for (let i = 0; i < 8; i++) hand();
      await nextTurn();
    }
    expect(s.queued).toBeGreaterThan(0);
    expect(await collected(handed[3])).toBe(true); // queued first, and run in the second turn
    expect(await collected(handed[handed.length - 1])).toBe(false); // still waiting: held
  });
});
