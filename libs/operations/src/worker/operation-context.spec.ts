import { jest } from '@jest/globals';
import type { Job } from 'bullmq';
import { Errors } from '#envelope';
import type { OperationsRepository, OperationStep } from '#persistence';
import type { CancelSignals } from '../coordination/cancel-signals.service.js';
import { OperationContext, OperationUnwound } from './operation-context.js';
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

const cancels = strictMock<CancelSignals>({ requested: () => Promise.resolve(false) });
const job = { updateProgress: () => Promise.resolve() } as unknown as Job;
const ctxFor = (steps: OperationStep[], unwinding = false, settleMs = 0) => {
  const ops = fakeOps(steps.map((s) => ({ ...s })));
  const ctx = new OperationContext(
    'op',
    ops as unknown as OperationsRepository,
    job,
    steps,
    cancels,
    { unwinding, settleMs },
  );
  return { ctx, ops };
};
const inFlight: OperationStep = { name: 'define user', startedAt: 't' };

describe('OperationContext', () => {
  it('publishes a step once when it starts; a failed step once more when it fails', async () => {
    const published: unknown[] = [];
    const counting = {
      updateProgress: (p: unknown) => Promise.resolve(void published.push(p)),
    } as unknown as Job;
    const ops = fakeOps([]);
    const ctx = new OperationContext(
      'op',
      ops as unknown as OperationsRepository,
      counting,
      [],
      cancels,
    );
    await ctx.step('one', () => Promise.resolve());
    await ctx.step('two', () => Promise.resolve());
    expect(published).toEqual([
      { percent: 0, step: 'one' },
      { percent: 0, step: 'two' },
    ]);
    await expect(ctx.step('three', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(published).toHaveLength(4);
  });

  it('adopts a step in flight in an earlier attempt when its probe finds it done', async () => {
    const { ctx, ops } = ctxFor([inFlight]);
    const fn = jest.fn(() => Promise.resolve());
    const undo = jest.fn(() => Promise.resolve());
    await ctx.step('define user', fn, { undo, probe: () => Promise.resolve('done') });
    expect(fn).not.toHaveBeenCalled();
    expect(ops.steps.at(-1)).toMatchObject({ name: 'define user', result: 'ok' });
    expect(await ctx.rollback()).toEqual([]);
    expect(undo).toHaveBeenCalledTimes(1);
  });

  it('runs a step in doubt again when its probe finds nothing, and one after a link failure', async () => {
    const linkFailed = { ...inFlight, endedAt: 't', result: 'failed' as const, rc: 99, rs: 305 };
    for (const previous of [inFlight, linkFailed]) {
      const { ctx } = ctxFor([previous]);
      const fn = jest.fn(() => Promise.resolve());
      const probe = jest.fn(() => Promise.resolve('absent' as const));
      await ctx.step('define user', fn, { probe });
      expect(probe).toHaveBeenCalledTimes(1);
      expect(fn).toHaveBeenCalledTimes(1);
    }
  });

  it('asks again, before running a step in doubt, once a call of the dead attempt can no longer land', async () => {
    // the earlier attempt began the step just now: its call may still be on its way
    const recent = { name: 'define user', startedAt: new Date().toISOString() };
    const { ctx, ops } = ctxFor([recent], false, 300);
    const fn = jest.fn(() => Promise.resolve());
    const answers: ('absent' | 'done')[] = ['absent', 'done'];
    const probe = jest.fn(() => Promise.resolve(answers.shift()!));
    await ctx.step('define user', fn, { probe });
    expect(probe).toHaveBeenCalledTimes(2);
    expect(fn).not.toHaveBeenCalled();
    expect(ops.steps.at(-1)).toMatchObject({
      result: 'ok',
      detail: expect.stringMatching(/adopted/),
    });
  });

  it('believes a probe that finds nothing at once when the step began longer ago than that', async () => {
    const old = { name: 'define user', startedAt: new Date(Date.now() - 60_000).toISOString() };
    const { ctx } = ctxFor([old], false, 30_000);
    const fn = jest.fn(() => Promise.resolve());
    const probe = jest.fn(() => Promise.resolve('absent' as const));
    await ctx.step('define user', fn, { probe });
    expect(probe).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('tells a probe and the handler when an earlier attempt first started the step', async () => {
    const first = { name: 'punch', startedAt: '2026-01-01T00:00:01.000Z' };
    const again = { name: 'punch', startedAt: '2026-01-01T00:00:05.000Z' };
    const { ctx } = ctxFor([
      first,
      { ...first, endedAt: 'x', result: 'failed', rc: 99, rs: 305 },
      again,
    ]);
    expect(ctx.startedBefore('punch')).toBe(first.startedAt);
    expect(ctx.startedBefore('copy')).toBeUndefined();
    const probe = jest.fn((_since: string) => Promise.resolve('done' as const));
    await ctx.step('punch', () => Promise.resolve(), { probe });
    expect(probe).toHaveBeenCalledWith(first.startedAt);
  });

  it('does not probe a step that never started', async () => {
    const { ctx } = ctxFor([]);
    const probe = jest.fn(() => Promise.resolve('done' as const));
    await ctx.step('define user', () => Promise.resolve(), { probe });
    expect(probe).not.toHaveBeenCalled();
  });

  it('undoes the effects a step made before it failed, latest first', async () => {
    const { ctx } = ctxFor([]);
    const undone: string[] = [];
    await expect(
      ctx.step('dedicate', (effect) => {
        effect(() => Promise.resolve(void undone.push('first')));
        effect(() => Promise.resolve(void undone.push('second')));
        return Promise.reject(Errors.smapi(404, 28, 'in use'));
      }),
    ).rejects.toThrow('in use');
    await ctx.rollback();
    expect(undone).toEqual(['second', 'first']);
  });

  it('keeps only the step undo once the step succeeded', async () => {
    const { ctx } = ctxFor([]);
    const effectUndo = jest.fn(() => Promise.resolve());
    const stepUndo = jest.fn(() => Promise.resolve());
    await ctx.step('dedicate', (effect) => Promise.resolve(effect(effectUndo)), { undo: stepUndo });
    await ctx.rollback();
    expect(stepUndo).toHaveBeenCalledTimes(1);
    expect(effectUndo).not.toHaveBeenCalled();
  });

  it('unwinding: done steps register their undo, the first step not done aborts', async () => {
    const done: OperationStep = { name: 'one', startedAt: 't', endedAt: 't', result: 'ok' };
    const { ctx } = ctxFor([done], true);
    const undo = jest.fn(() => Promise.resolve());
    const two = jest.fn(() => Promise.resolve());
    await ctx.step('one', () => Promise.resolve(), { undo });
    await expect(ctx.step('two', two)).rejects.toBeInstanceOf(OperationUnwound);
    expect(two).not.toHaveBeenCalled();
    expect(await ctx.rollback()).toEqual([]);
    expect(undo).toHaveBeenCalledTimes(1);
  });

  it('reports the undos that failed, and skips undos already done on a retry', async () => {
    const steps: OperationStep[] = [
      { name: 'one', startedAt: 't', endedAt: 't', result: 'ok' },
      { name: 'two', startedAt: 't', endedAt: 't', result: 'ok' },
      { name: 'undo two', startedAt: 't', endedAt: 't', result: 'ok' },
      { name: 'undo one', startedAt: 't', endedAt: 't', result: 'failed' },
    ];
    const { ctx } = ctxFor(steps, true);
    const undoOne = jest.fn(() => Promise.reject(new Error('still down')));
    const undoTwo = jest.fn(() => Promise.resolve());
    await ctx.step('one', () => Promise.resolve(), { undo: undoOne });
    await ctx.step('two', () => Promise.resolve(), { undo: undoTwo });
    expect(await ctx.rollback()).toEqual(['one']);
    expect(undoTwo).not.toHaveBeenCalled();
  });
});
