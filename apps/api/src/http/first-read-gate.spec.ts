import { collected } from '#testing';
import { FirstReadGate } from './first-read-gate.js';

const nextTurn = () => new Promise<void>((r) => setImmediate(r));

/** A stand-in connection that records when it was resumed. */
class Conn {
  destroyed = false;
  constructor(
    readonly name: string,
    private readonly resumed: string[],
  ) {}
  resume(): void {
    this.resumed.push(this.name);
  }
}

function gate(limit: number, graceMs = 10_000, now?: () => number) {
  const resumed: string[] = [];
  const errors: unknown[] = [];
  const g = new FirstReadGate<Conn>(limit, graceMs, (e) => errors.push(e), now);
  const conns = Array.from({ length: 6 }, (_, i) => new Conn(String(i), resumed));
  return { g, resumed, errors, conns };
}

describe('FirstReadGate', () => {
  it('resumes new connections at once below the limit, the rest as places free, in order', async () => {
    const { g, resumed, conns } = gate(2);
    conns.forEach((c) => g.connected(c));
    expect(resumed).toEqual(['0', '1']);
    expect([g.reading, g.waiting]).toEqual([2, 4]);
    await nextTurn();
    expect(resumed).toEqual(['0', '1']); // no request yet: no place is free
    g.requested(conns[1]);
    expect(resumed).toEqual(['0', '1']); // the place is given in the next turn, not this one
    await nextTurn();
    expect(resumed).toEqual(['0', '1', '2']);
    g.requested(conns[0]);
    g.requested(conns[2]);
    await nextTurn();
    expect(resumed).toEqual(['0', '1', '2', '3', '4']);
  });

  it('frees no place for a further request on a connection already read', async () => {
    const { g, resumed, conns } = gate(1);
    conns.slice(0, 3).forEach((c) => g.connected(c));
    g.requested(conns[0]);
    await nextTurn();
    expect(resumed).toEqual(['0', '1']);
    g.requested(conns[0]); // kept alive, its second request
    await nextTurn();
    expect(resumed).toEqual(['0', '1']);
  });

  it('frees the place of a connection closed before it wrote', async () => {
    const { g, resumed, conns } = gate(1);
    conns.slice(0, 3).forEach((c) => g.connected(c));
    conns[0].destroyed = true;
    await nextTurn();
    expect(resumed).toEqual(['0', '1']);
  });

  it('skips a queued connection closed while it waited', async () => {
    const { g, resumed, conns } = gate(1);
    conns.slice(0, 3).forEach((c) => g.connected(c));
    conns[1].destroyed = true;
    g.requested(conns[0]);
    await nextTurn();
    expect(resumed).toEqual(['0', '2']);
    expect(g.waiting).toBe(0);
  });

  it('frees the place of a connection silent past the grace, without another event', async () => {
    // the gate's clock, not the machine's: a slow turn must not count as the grace passing
    let clock = 0;
    const { g, resumed, conns } = gate(1, 20, () => clock);
    conns.slice(0, 2).forEach((c) => g.connected(c));
    await nextTurn();
    expect(resumed).toEqual(['0']);
    await new Promise((r) => setTimeout(r, 60)); // its timer fires, but the grace has not passed
    expect(resumed).toEqual(['0']);
    clock = 20;
    const t0 = performance.now();
    while (resumed.length < 2 && performance.now() - t0 < 2_000) {
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(resumed).toEqual(['0', '1']);
  });

  it('tells of a connection that throws as it is resumed, and goes on with the next', () => {
    const { g, resumed, errors, conns } = gate(1);
    conns[0].resume = () => {
      throw new Error('gone');
    };
    g.connected(conns[0]);
    g.connected(conns[1]);
    expect(errors).toHaveLength(1);
    expect(resumed).toEqual(['1']);
  });

  it('lets go of each connection it resumed while others still wait', async () => {
    const resumed: string[] = [];
    const g = new FirstReadGate<Conn>(1, 10_000, () => undefined);
    const conns = ['first', 'second', 'third', 'fourth'].map((n) => new Conn(n, resumed));
    const second = new WeakRef(conns[1]);
    conns.forEach((c) => g.connected(c));
    g.requested(conns[0]);
    await nextTurn();
    g.requested(conns[1]); // read: from now on the server holds it, not the gate
    await nextTurn();
    expect(resumed).toEqual(['first', 'second', 'third']);
    expect(g.waiting).toBe(1);
    conns.length = 0;
    expect(await collected(second)).toBe(true);
  });
});
