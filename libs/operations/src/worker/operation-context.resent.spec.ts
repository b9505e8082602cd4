import type { Job } from 'bullmq';
import { Errors } from '#envelope';
import { noteResent } from '#hypervisor';
import type { OperationsRepository, OperationStep } from '#persistence';
import type { CancelSignals } from '../coordination/cancel-signals.service.js';
import { OperationContext } from './operation-context.js';
import { strictMock } from '#testing/jest';

/**
 * Issue #58 over the wire: a step whose transport sent a call again (the earlier copy may have
 * been taken) is doubted, however it ended, so its operation is re-checked for that copy
 * landing late once it ends; one whose calls went once is not.
 */
function ctxFor() {
  const steps: OperationStep[] = [];
  const ops = strictMock<OperationsRepository>({
    appendStep: (_id: string, s: OperationStep) => {
      const last = steps.at(-1);
      if (last?.name === s.name) Object.assign(last, s);
      else steps.push({ ...s });
      return Promise.resolve(steps);
    },
  });
  const cancels = strictMock<CancelSignals>({ requested: () => Promise.resolve(false) });
  const job = { updateProgress: () => Promise.resolve() } as unknown as Job;
  return { ctx: new OperationContext('op', ops, job, [], cancels), steps };
}
const resentCall = () => Promise.resolve().then(noteResent);

describe('OperationContext: a step whose call was sent again', () => {
  it('succeeded: recorded ok and doubted', async () => {
    const { ctx, steps } = ctxFor();
    await ctx.step('define user', resentCall);
    expect(steps).toEqual([expect.objectContaining({ result: 'ok', doubted: true })]);
  });

  it('refused after the resend: failed and doubted (the first copy may yet land)', async () => {
    const { ctx, steps } = ctxFor();
    const refused = async () => {
      await resentCall();
      throw Errors.smapi(400, 8, 'already defined');
    };
    await expect(ctx.step('define user', refused)).rejects.toThrow('already defined');
    expect(steps).toEqual([expect.objectContaining({ result: 'failed', doubted: true })]);
  });

  it('calls sent once, and a step beside one resent: not doubted', async () => {
    const { ctx, steps } = ctxFor();
    await Promise.all([ctx.step('a', () => Promise.resolve()), ctx.step('b', resentCall)]);
    const byName = Object.fromEntries(steps.map((s) => [s.name, s.doubted ?? false]));
    expect(byName).toEqual({ a: false, b: true });
  });
});
