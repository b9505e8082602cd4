import { jest } from '@jest/globals';
import type { Job } from 'bullmq';
import { Errors, HvNotReached } from '#envelope';
import type { OperationsRepository, OperationStep } from '#persistence';
import type { CancelSignals } from '../coordination/cancel-signals.service.js';
import { OperationCancelled, OperationContext, OperationUnwound } from './operation-context.js';
import { holdsGuestLine } from '../operation-view.js';
import { strictMock } from '#testing/jest';

/** Steps as the repository keeps them: a step reported again updates the last one. */
function fakeOps(steps: OperationStep[]) {
  return {
    steps,
    appendStep: (_id: string, s: OperationStep) => {
      const last = steps.at(-1);
      if (last?.name === s.name) Object.assign(last, s);
      else steps.push({ ...s });
      return Promise.resolve(steps);
    },
  };
}

const job = { updateProgress: () => Promise.resolve() } as unknown as Job;
const ctxFor = (
  steps: OperationStep[],
  o: { unwinding?: boolean; settleMs?: number; cancelled?: () => boolean } = {},
) => {
  const ops = fakeOps(steps.map((s) => ({ ...s })));
  const cancels = strictMock<CancelSignals>({
    requested: () => Promise.resolve(o.cancelled?.() ?? false),
  });
  const ctx = new OperationContext(
    'op',
    ops as unknown as OperationsRepository,
    job,
    steps,
    cancels,
    { unwinding: o.unwinding ?? false, settleMs: o.settleMs ?? 0 },
  );
  return { ctx, ops };
};
const justNow = () => new Date().toISOString();
const absent = () => jest.fn((_since: string) => Promise.resolve('absent' as const));

describe('OperationContext: steps in doubt', () => {
  it('runs a step whose call never reached the hypervisor again at once, without probing', async () => {
    const refused: OperationStep = {
      name: 'define user',
      startedAt: justNow(),
      endedAt: justNow(),
      result: 'failed',
      rc: 99,
      rs: 305,
      unsent: true,
    };
    const { ctx } = ctxFor([refused], { settleMs: 60_000 });
    const fn = jest.fn(() => Promise.resolve());
    const probe = absent();
    await ctx.step('define user', fn, { probe });
    expect(probe).not.toHaveBeenCalled();
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('records a call refused before it was sent as unsent', async () => {
    const { ctx, ops } = ctxFor([]);
    const refused = new HvNotReached(Errors.hvUnreachable('ECONNREFUSED'));
    await expect(ctx.step('define user', () => Promise.reject(refused))).rejects.toBe(refused);
    expect(ops.steps.at(-1)).toMatchObject({ result: 'failed', rc: 99, rs: 305, unsent: true });
  });

  it('a cancel during the wait stops it: nothing runs, the step is left in doubt', async () => {
    let asked = 0;
    const { ctx, ops } = ctxFor([{ name: 'define user', startedAt: justNow() }], {
      settleMs: 60_000,
      cancelled: () => ++asked >= 2,
    });
    ctx.cancelCheckedNow();
    const fn = jest.fn(() => Promise.resolve());
    const probe = absent();
    await expect(ctx.step('define user', fn, { probe })).rejects.toBeInstanceOf(OperationCancelled);
    expect(fn).not.toHaveBeenCalled();
    expect(probe).toHaveBeenCalledTimes(1);
    expect(await ctx.rollback()).toEqual(['define user']);
    expect(ops.steps.at(-1)).toMatchObject({
      name: 'define user',
      detail: expect.stringMatching(/in doubt: its call may still land until/),
    });
    expect(ops.steps.at(-1)!.result).toBeUndefined();
    // ended needs_attention, it keeps its guest's line while the call may land
    expect(holdsGuestLine({ status: 'needs_attention', steps: ops.steps })).toBe(true);
  });

  it('lets the guest line go once the step in doubt is resolved, or for an undo left alone', () => {
    const noted: OperationStep = {
      name: 'define user',
      startedAt: justNow(),
      endedAt: justNow(),
      detail: 'in doubt: its call may still land until 2026-01-01T00:00:00.000Z; probed again then',
    };
    const adopted: OperationStep = { ...noted, result: 'ok', detail: 'adopted' };
    const undoFailed: OperationStep = { name: 'undo x', startedAt: 't', result: 'failed' };
    expect(holdsGuestLine({ status: 'needs_attention', steps: [noted] })).toBe(true);
    expect(holdsGuestLine({ status: 'needs_attention', steps: [noted, adopted] })).toBe(false);
    expect(holdsGuestLine({ status: 'needs_attention', steps: [undoFailed] })).toBe(false);
    expect(holdsGuestLine({ status: 'cancelled', steps: [noted] })).toBe(false);
    expect(holdsGuestLine({ status: 'running', steps: [] })).toBe(true);
  });

  it('after the wait, a cancel that came during it is honoured at the safe point', async () => {
    let cancelled = false;
    const { ctx } = ctxFor([{ name: 'define user', startedAt: justNow() }], {
      settleMs: 50,
      cancelled: () => cancelled,
    });
    ctx.cancelCheckedNow(); // the runner asked just before: not cancelled then
    const fn = jest.fn(() => Promise.resolve());
    const probe = jest.fn((_since: string) => {
      cancelled = true; // arrives after the last poll of the wait
      return Promise.resolve('absent' as const);
    });
    await expect(ctx.step('define user', fn, { probe })).rejects.toBeInstanceOf(OperationCancelled);
    expect(fn).not.toHaveBeenCalled();
  });

  it('unwinding: does not wait for a step whose call may still land, leaves it in doubt', async () => {
    const { ctx } = ctxFor([{ name: 'define user', startedAt: justNow() }], {
      unwinding: true,
      settleMs: 60_000,
    });
    const probe = absent();
    await expect(
      ctx.step('define user', () => Promise.resolve(), { probe }),
    ).rejects.toBeInstanceOf(OperationUnwound);
    expect(await ctx.rollback()).toEqual(['define user']);
  });

  it('unwinding: a late landing found is adopted and undone', async () => {
    const { ctx } = ctxFor([{ name: 'define user', startedAt: justNow() }], {
      unwinding: true,
      settleMs: 60_000,
    });
    const undo = jest.fn(() => Promise.resolve());
    await ctx.step('define user', () => Promise.resolve(), {
      probe: () => Promise.resolve('done'),
      undo,
    });
    expect(await ctx.rollback()).toEqual([]);
    expect(undo).toHaveBeenCalledTimes(1);
  });

  it('unwinding: once the call can no longer land, not found is final and recorded', async () => {
    const long = new Date(Date.now() - 120_000).toISOString();
    const { ctx, ops } = ctxFor([{ name: 'define user', startedAt: long }], {
      unwinding: true,
      settleMs: 60_000,
    });
    await expect(
      ctx.step('define user', () => Promise.resolve(), { probe: absent() }),
    ).rejects.toBeInstanceOf(OperationUnwound);
    expect(await ctx.rollback()).toEqual([]);
    expect(ops.steps.at(-1)).toMatchObject({ name: 'define user', result: 'skipped' });
  });

  it('a step failing by a link failure after its call was sent is probed again at rollback', async () => {
    for (const [found, left, undone] of [
      ['done', [], 1],
      ['absent', ['define user'], 0],
    ] as const) {
      const { ctx } = ctxFor([], { settleMs: 60_000 });
      const undo = jest.fn(() => Promise.resolve());
      await expect(
        ctx.step('define user', () => Promise.reject(Errors.hvTimeout('no answer')), {
          probe: () => Promise.resolve(found),
          undo,
        }),
      ).rejects.toThrow('no answer');
      expect(await ctx.rollback()).toEqual(left);
      expect(undo).toHaveBeenCalledTimes(undone);
    }
  });
});

describe('OperationContext: settling a step in doubt at once (issue #58)', () => {
  const lost = (): OperationStep => ({
    name: 'create disk 0100',
    startedAt: justNow(),
    endedAt: justNow(),
    result: 'failed',
    rc: 99,
    rs: 305,
  });

  it('re-issues a call safe to repeat at once, without waiting out the window', async () => {
    const { ctx, ops } = ctxFor([lost()], { settleMs: 600_000 });
    let made = false;
    const probe = jest.fn((_since: string) =>
      Promise.resolve(made ? ('done' as const) : ('absent' as const)),
    );
    const repeat = jest.fn(() => {
      made = true;
      return Promise.resolve();
    });
    const fn = jest.fn(() => Promise.resolve());
    const t0 = Date.now();
    await ctx.step('create disk 0100', fn, { probe, repeat, undo: () => Promise.resolve() });
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(fn).not.toHaveBeenCalled();
    expect(repeat).toHaveBeenCalledTimes(1);
    expect(ops.steps.at(-1)).toMatchObject({ name: 'create disk 0100', result: 'ok' });
    expect(ops.steps.at(-1)!.inDoubtUntil).toBeUndefined();
  });

  it('with repeatAfterMs, adopts a lost call that lands meanwhile instead of repeating it', async () => {
    const { ctx } = ctxFor([lost()], { settleMs: 600_000 });
    let probes = 0;
    // the lost call (a format still running for a dead worker) lands by the second probe
    const probe = jest.fn((_since: string) =>
      Promise.resolve(++probes >= 2 ? ('done' as const) : ('absent' as const)),
    );
    const repeat = jest.fn(() => Promise.resolve());
    const fn = jest.fn(() => Promise.resolve());
    await ctx.step('create disk 0100', fn, { probe, repeat, repeatAfterMs: 10_000 });
    expect(repeat).not.toHaveBeenCalled();
    expect(fn).not.toHaveBeenCalled();
    expect(probe).toHaveBeenCalledTimes(2);
  });

  it('with repeatAfterMs, repeats once that time since the earlier start has passed', async () => {
    const { ctx } = ctxFor([lost()], { settleMs: 600_000 });
    let made = false;
    const probe = jest.fn((_since: string) =>
      Promise.resolve(made ? ('done' as const) : ('absent' as const)),
    );
    const repeat = jest.fn(() => {
      made = true;
      return Promise.resolve();
    });
    await ctx.step('create disk 0100', () => Promise.resolve(), {
      probe,
      repeat,
      repeatAfterMs: 1,
    });
    expect(repeat).toHaveBeenCalledTimes(1);
  });

  it('a repeat whose effect the read-back does not show fails the step', async () => {
    const { ctx, ops } = ctxFor([lost()], { settleMs: 600_000 });
    const repeat = jest.fn(() => Promise.resolve());
    await expect(
      ctx.step('create disk 0100', () => Promise.resolve(), { probe: absent(), repeat }),
    ).rejects.toThrow(/effect is not there/);
    expect(ops.steps.at(-1)).toMatchObject({ result: 'failed' });
  });

  it('adopts an effect found at once: neither repeated nor run', async () => {
    const { ctx } = ctxFor([lost()], { settleMs: 600_000 });
    const repeat = jest.fn(() => Promise.resolve());
    const fn = jest.fn(() => Promise.resolve());
    const probe = jest.fn((_since: string) => Promise.resolve('done' as const));
    await ctx.step('create disk 0100', fn, { probe, repeat });
    expect(repeat).not.toHaveBeenCalled();
    expect(fn).not.toHaveBeenCalled();
  });

  it('a call only read back is probed every few seconds, its step noting in_doubt_until', async () => {
    const { ctx, ops } = ctxFor([lost()], { settleMs: 600_000 });
    let asked = 0;
    let noted: string | undefined;
    const probe = jest.fn((_since: string) => {
      noted ??= ops.steps.at(-1)!.inDoubtUntil;
      // the lost call lands while the step waits: found by the second probe
      return Promise.resolve(++asked >= 2 ? ('done' as const) : ('absent' as const));
    });
    const fn = jest.fn(() => Promise.resolve());
    const t0 = Date.now();
    await ctx.step('create disk 0100', fn, { probe });
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(fn).not.toHaveBeenCalled();
    expect(probe).toHaveBeenCalledTimes(2);
    expect(Date.parse(noted!)).toBeGreaterThan(Date.now() + 500_000);
    expect(ops.steps.at(-1)).toMatchObject({
      result: 'ok',
      detail: expect.stringMatching(/adopted/),
    });
    expect(ops.steps.at(-1)!.inDoubtUntil).toBeUndefined();
  });
});

describe('OperationContext: a doubt outlives a failure that never reached the hypervisor', () => {
  it('a repeat refused before it was sent leaves the step in doubt (not unsent)', async () => {
    const lost: OperationStep = {
      name: 'create disk 0100',
      startedAt: justNow(),
      endedAt: justNow(),
      result: 'failed',
      rc: 99,
      rs: 305,
    };
    const { ctx, ops } = ctxFor([lost], { settleMs: 600_000 });
    const refused = new HvNotReached(Errors.hvUnreachable('ECONNREFUSED'));
    await expect(
      ctx.step('create disk 0100', () => Promise.resolve(), {
        probe: absent(),
        repeat: () => Promise.reject(refused),
      }),
    ).rejects.toBe(refused);
    expect(ops.steps.at(-1)).toMatchObject({ result: 'failed', rc: 99, rs: 305 });
    expect(ops.steps.at(-1)!.unsent).toBeUndefined();
  });
});

describe('OperationContext: re-check of an ended operation for late effects', () => {
  const sweepCtx = (steps: OperationStep[]) => {
    const ops = fakeOps(steps.map((s) => ({ ...s })));
    const cancels = strictMock<CancelSignals>({ requested: () => Promise.resolve(false) });
    const ctx = new OperationContext(
      'op',
      ops as unknown as OperationsRepository,
      null,
      steps,
      cancels,
      { sweeping: true },
    );
    return { ctx, ops };
  };
  const skipped = (name: string, doubted: boolean): OperationStep => ({
    name,
    startedAt: justNow(),
    endedAt: justNow(),
    result: 'skipped',
    detail: 'not done: its call did not land',
    ...(doubted ? { doubted: true } : {}),
  });

  it('undoes the effect of a step once in doubt found after the end, and lists it', async () => {
    const { ctx, ops } = sweepCtx([skipped('define user', true)]);
    const undo = jest.fn(() => Promise.resolve());
    const fn = jest.fn(() => Promise.resolve());
    const probe = jest.fn((_since: string) => Promise.resolve('done' as const));
    await ctx.step('define user', fn, { probe, undo });
    expect(fn).not.toHaveBeenCalled();
    expect(undo).toHaveBeenCalledTimes(1);
    expect(ctx.lateEffects).toEqual([
      expect.objectContaining({ step: 'define user', action: 'undone' }),
    ]);
    expect(ops.steps.at(-1)).toMatchObject({ name: 'undo define user', result: 'ok' });
  });

  it('leaves alone steps never in doubt, and effects not found', async () => {
    const { ctx } = sweepCtx([skipped('define user', false), skipped('create disk 0100', true)]);
    const undo = jest.fn(() => Promise.resolve());
    const found = jest.fn((_since: string) => Promise.resolve('done' as const));
    await ctx.step('define user', () => Promise.resolve(), { probe: found, undo });
    await ctx.step('create disk 0100', () => Promise.resolve(), { probe: absent(), undo });
    expect(found).not.toHaveBeenCalled();
    expect(undo).not.toHaveBeenCalled();
    expect(ctx.lateEffects).toEqual([]);
  });

  it('marks a step that failed in doubt as doubted on its record', async () => {
    const { ctx, ops } = ctxFor([]);
    const lost = Errors.hvUnreachable('socket hang up');
    await expect(
      ctx.step('define user', () => Promise.reject(lost), { probe: absent() }),
    ).rejects.toBe(lost);
    expect(ops.steps.at(-1)).toMatchObject({ result: 'failed', doubted: true });
  });
});
