import type { Job } from 'bullmq';
import { Errors } from '#envelope';
import type { OperationsRepository, OperationStep } from '#persistence';
import type { CancelSignals } from '../coordination/cancel-signals.service.js';
import { OperationContext, OperationUnwound } from './operation-context.js';
import type { StepMeter } from './operation-meter.js';
import { strictMock } from '#testing/jest';

/** Every call the context makes to its meter, in order. */
function recordingMeter() {
  const calls: string[] = [];
  const meter: StepMeter = {
    stepEnded: (result, seconds) => {
      expect(seconds).toBeGreaterThanOrEqual(0);
      calls.push(`step ${result}`);
    },
    undoRun: (outcome) => calls.push(`undo ${outcome}`),
    inDoubtSettled: (outcome) => calls.push(`doubt ${outcome}`),
  };
  return { meter, calls };
}

const job = { updateProgress: () => Promise.resolve() } as unknown as Job;
const ops = strictMock<OperationsRepository>({
  appendStep: (_id: string, s: OperationStep, steps: readonly OperationStep[] = []) =>
    Promise.resolve([...steps, s]),
});
const cancels = strictMock<CancelSignals>({ requested: () => Promise.resolve(false) });
const ctxFor = (steps: OperationStep[], meter: StepMeter, unwinding = false) =>
  new OperationContext('op', ops, job, steps, cancels, { settleMs: 60_000, unwinding, meter });
const justNow = () => new Date().toISOString();

describe('OperationContext: what it tells its meter (worker metrics)', () => {
  it('each ended step with its result, and an undo run that undid everything', async () => {
    const { meter, calls } = recordingMeter();
    const ctx = ctxFor([], meter);
    await ctx.step('one', () => Promise.resolve(), { undo: () => Promise.resolve() });
    await expect(ctx.step('two', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await ctx.rollback()).toEqual([]);
    expect(calls).toEqual(['step ok', 'step failed', 'step ok', 'undo done']);
  });

  it('an undo run that left something; none when there was nothing to undo', async () => {
    const { meter, calls } = recordingMeter();
    const ctx = ctxFor([], meter);
    await ctx.step('one', () => Promise.resolve(), { undo: () => Promise.reject(new Error('x')) });
    expect(await ctx.rollback()).toEqual(['one']);
    expect(calls).toEqual(['step ok', 'step failed', 'undo left']);
    const quiet = recordingMeter();
    expect(await ctxFor([], quiet.meter).rollback()).toEqual([]);
    expect(quiet.calls).toEqual([]);
  });

  it('a step in doubt settled: adopted when found done, left while its call may land', async () => {
    const adopted = recordingMeter();
    const ctx = ctxFor([{ name: 'one', startedAt: justNow() }], adopted.meter, true);
    await ctx.step('one', () => Promise.resolve(), { probe: () => Promise.resolve('done') });
    expect(adopted.calls).toEqual(['doubt adopted', 'step ok']);

    const left = recordingMeter();
    const unwound = ctxFor([{ name: 'one', startedAt: justNow() }], left.meter, true);
    const probe = () => Promise.resolve('absent' as const);
    await expect(unwound.step('one', () => Promise.resolve(), { probe })).rejects.toBeInstanceOf(
      OperationUnwound,
    );
    expect(await unwound.rollback()).toEqual(['one']);
    expect(left.calls).toEqual(['doubt left', 'undo left']);
  });

  it('a step that failed in doubt and is found not done once its call can no longer land', async () => {
    const { meter, calls } = recordingMeter();
    const ctx = new OperationContext('op', ops, job, [], cancels, { settleMs: 0, meter });
    await expect(
      ctx.step('one', () => Promise.reject(Errors.hvTimeout('no answer')), {
        probe: () => Promise.resolve('absent'),
      }),
    ).rejects.toThrow('no answer');
    expect(await ctx.rollback()).toEqual([]);
    expect(calls).toEqual(['step failed', 'doubt absent']);
  });
});
