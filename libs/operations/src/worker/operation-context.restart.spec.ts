import { jest } from '@jest/globals';
import type { Job } from 'bullmq';
import type { OperationsRepository, OperationStep } from '#persistence';
import type { CancelSignals } from '../coordination/cancel-signals.service.js';
import { OperationContext } from './operation-context.js';
import { strictMock } from '#testing/jest';

/**
 * Issue #58 item 3: a step in doubt whose effect is not read back, and which is not safe to
 * repeat (a punch), settles at once when the hypervisor restarted since its call was sent (an
 * outage ended every call in flight): it runs again, instead of waiting out the window.
 */
function ctxFor(previous: OperationStep[], restartedSince: (sentAt: number) => Promise<boolean>) {
  const steps = previous.map((s) => ({ ...s }));
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
  // a window far beyond the test's timeout: waiting it out would fail the test
  return new OperationContext('op', ops, job, previous, cancels, {
    settleMs: 3_600_000,
    restartedSince,
  });
}
const sentAt = new Date(Date.now() - 5000).toISOString();
/** The punch of an earlier attempt, its call lost in an outage (a link failure). */
const lost: OperationStep = {
  name: 'punch host name',
  startedAt: sentAt,
  endedAt: sentAt,
  result: 'failed',
  rc: 99,
  rs: 305,
};

describe('OperationContext: a step in doubt after the hypervisor restarted', () => {
  it('not read back: runs again at once, the restart asked about its call', async () => {
    const restartedSince = jest.fn((_sentAt: number) => Promise.resolve(true));
    const ctx = ctxFor([lost], restartedSince);
    const punch = jest.fn(() => Promise.resolve());
    await ctx.step('punch host name', punch, { probe: () => Promise.resolve('absent') });
    expect(punch).toHaveBeenCalledTimes(1);
    expect(restartedSince).toHaveBeenCalledWith(Date.parse(sentAt));
  });

  it('read back: adopted, the restart not asked', async () => {
    const restartedSince = jest.fn((_sentAt: number) => Promise.resolve(true));
    const ctx = ctxFor([lost], restartedSince);
    const punch = jest.fn(() => Promise.resolve());
    await ctx.step('punch host name', punch, { probe: () => Promise.resolve('done') });
    expect(punch).not.toHaveBeenCalled();
    expect(restartedSince).not.toHaveBeenCalled();
  });

  it('unwinding: not read back after a restart, it is not done (no waiting)', async () => {
    const ops = strictMock<OperationsRepository>({ appendStep: () => Promise.resolve([]) });
    const cancels = strictMock<CancelSignals>({ requested: () => Promise.resolve(false) });
    const ctx = new OperationContext('op', ops, null, [lost], cancels, {
      unwinding: true,
      settleMs: 3_600_000,
      restartedSince: () => Promise.resolve(true),
    });
    // not done, so the unwind stops there (nothing of it to undo), rather than leaving it in doubt
    await expect(
      ctx.step('punch host name', () => Promise.resolve(), {
        probe: () => Promise.resolve('absent'),
      }),
    ).rejects.toMatchObject({ name: 'OperationUnwound' });
    await expect(ctx.rollback()).resolves.toEqual([]);
  });
});
