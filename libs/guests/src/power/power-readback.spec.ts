import { jest } from '@jest/globals';
import { Errors, toUserid } from '#envelope';
import type { SystemsManagement } from '#hypervisor';
import type { OperationContext, StepOptions } from '#operations';
import type { GuestsRepository } from '#persistence';
import { StartGuestHandler, StopGuestHandler } from './power.handlers.js';
import { strictMock } from '#testing/jest';

/**
 * Issue #58 item 4: a power call in doubt is read back (Image_Status_Query) and, not in the
 * wanted state, made again (already so: tolerated), instead of waiting out its window.
 */
const VM1 = toUserid('VM1');
const guests = strictMock<GuestsRepository>({
  findByUserid: () => Promise.resolve({ userid: 'VM1' }),
});

/** The options the handler gave its one step. */
async function optionsOf(run: (ctx: OperationContext) => Promise<unknown>): Promise<StepOptions> {
  let opts: StepOptions = {};
  const ctx = strictMock<OperationContext>({
    step: (_name: string, _fn: unknown, o: StepOptions = {}) => {
      opts = o;
      return Promise.resolve(undefined);
    },
  });
  await run(ctx);
  return opts;
}

describe('power steps in doubt: read back and repeated', () => {
  const hvWith = (active: string[], call: () => Promise<void>) =>
    ({
      imageStatusQuery: () => Promise.resolve({ active }),
      imageActivate: jest.fn(call),
      imageDeactivate: jest.fn(call),
    }) as unknown as SystemsManagement & Record<string, jest.Mock>;

  it('activate: logged on already is done; off is absent, and the repeat tolerates 200/8', async () => {
    const on = hvWith(['VM1 '], () => Promise.resolve());
    const opts = await optionsOf((ctx) =>
      new StartGuestHandler(on, guests).run({ userid: VM1 }, ctx),
    );
    await expect(opts.probe!('')).resolves.toBe('done');
    const off = hvWith(['VM2'], () => Promise.reject(Errors.smapi(200, 8, 'already active')));
    const again = await optionsOf((ctx) =>
      new StartGuestHandler(off, guests).run({ userid: VM1 }, ctx),
    );
    await expect(again.probe!('')).resolves.toBe('absent');
    await expect(again.repeat!()).resolves.toBeUndefined();
    expect(off.imageActivate).toHaveBeenCalledWith(VM1);
  });

  it('deactivate (immediate): off is done; on is absent, the repeat an immediate log-off', async () => {
    const off = hvWith([], () => Promise.resolve());
    const opts = await optionsOf((ctx) =>
      new StopGuestHandler(off, guests).run({ userid: VM1 }, ctx),
    );
    await expect(opts.probe!('')).resolves.toBe('done');
    const on = hvWith(['VM1'], () => Promise.reject(Errors.smapi(200, 12, 'not active')));
    const again = await optionsOf((ctx) =>
      new StopGuestHandler(on, guests).run({ userid: VM1 }, ctx),
    );
    await expect(again.probe!('')).resolves.toBe('absent');
    await expect(again.repeat!()).resolves.toBeUndefined();
    expect(on.imageDeactivate).toHaveBeenCalledWith(VM1, true);
  });
});
