import type { CallRecord } from './call.log.js';
import { startHarness, userDirectory, type Harness } from '../testing/simulator.harness.js';

describe('call log', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  it('records every call in arrival order with start, end, rc and rs', async () => {
    await h.smapi('Image_Create_DM', 'LINUX01', { directory: userDirectory('LINUX01') });
    await h.smapi('Image_Activate', 'LINUX01');
    await h.cp('Q USER LINUX01');
    await h.smapi('Image_Activate', 'LINUX01');
    const { body } = await h.http('GET', '/admin/calls?since=0');
    expect(body.calls.map((c: CallRecord) => [c.seq, c.function, c.target, c.rc, c.rs])).toEqual([
      [1, 'Image_Create_DM', 'LINUX01', 0, 0],
      [2, 'Image_Activate', 'LINUX01', 0, 0],
      [3, 'CP', 'LINUX01', 0, null],
      [4, 'Image_Activate', 'LINUX01', 200, 8],
    ]);
    expect(body.calls[2].command).toBe('Q USER LINUX01');
    for (const [i, c] of body.calls.entries()) {
      expect(c.end).toBeGreaterThanOrEqual(c.start);
      // Sequential calls: each starts after the previous one ended.
      if (i > 0) expect(c.start).toBeGreaterThanOrEqual(body.calls[i - 1].end);
    }
    const tail = await h.http('GET', '/admin/calls?since=2');
    expect(tail.body.calls.map((c: CallRecord) => c.seq)).toEqual([3, 4]);
    expect(tail.body.lastSeq).toBe(4);
    expect((await h.http('GET', '/admin/calls?since=x')).status).toBe(400);
  });

  it('shows overlapping concurrent calls, and seq survives a reset', async () => {
    const users = ['A1', 'A2', 'A3', 'A4'];
    await Promise.all(
      users.map((u) => h.smapi('Image_Create_DM', u, { directory: userDirectory(u) })),
    );
    const calls = h.sim.calls.since();
    expect(calls.map((c) => c.seq)).toEqual([1, 2, 3, 4]);
    expect(calls.map((c) => c.target).sort()).toEqual(users);
    expect(calls.every((c) => c.end !== null && c.rc === 0)).toBe(true);
    await h.http('POST', '/admin/reset');
    await h.cp('Q USERS');
    expect(h.sim.calls.since().map((c) => c.seq)).toEqual([5]);
  });
});
