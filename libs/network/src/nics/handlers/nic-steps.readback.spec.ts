import { Errors, toUserid } from '#envelope';
import type { AppConfig } from '#config';
import type { SystemsManagement } from '#hypervisor';
import type { OperationContext, StepOptions } from '#operations';
import type { NicsRepository } from '#persistence';
import { NicSteps } from './nic-steps.js';
import { strictMock } from '#testing/jest';

/**
 * Issue #58 item 4: a NIC definition in doubt is read back (the directory's NICDEF, the running
 * guest's NICs) and, not there, made again ("device numbers in use" tolerated: the lost call
 * landed meanwhile), instead of being run blindly (refused as a conflict) or waited out.
 */
const VM1 = toUserid('VM1');
const cfg = { DEFAULT_NIC_VDEV: '1000' } as AppConfig;
const nics = strictMock<NicsRepository>({
  list: () => Promise.resolve([]),
  add: () => Promise.resolve(),
});

/** The options each step of a NIC create was given, by step name. */
async function stepOptions(hv: SystemsManagement): Promise<Record<string, StepOptions>> {
  const byName: Record<string, StepOptions> = {};
  const ctx = strictMock<OperationContext>({
    step: (name: string, _fn: unknown, o: StepOptions = {}) => {
      byName[name] = o;
      return Promise.resolve(undefined);
    },
  });
  await new NicSteps(cfg, hv, nics).create(ctx, VM1, { vdev: '1000', active: true });
  return byName;
}

describe('NIC steps in doubt: read back and repeated', () => {
  it('in the directory: its NICDEF read back; the repeat tolerates 404/4', async () => {
    let dir = ['USER VM1 PW 1G 2G G'];
    const hv = strictMock<SystemsManagement>({
      imageQueryDM: () => Promise.resolve(dir),
      nicCreateDM: () => Promise.reject(Errors.smapi(404, 4, 'device numbers in use')),
    });
    const opts = (await stepOptions(hv))['define NIC 1000 in directory'];
    await expect(opts.probe!('')).resolves.toBe('absent');
    await expect(opts.repeat!()).resolves.toBeUndefined();
    dir = [...dir, 'NICDEF 1000 TYPE QDIO DEVICES 3'];
    await expect(opts.probe!('')).resolves.toBe('done');
  });

  it('in the running guest: its NICs read back; the repeat tolerates 204/4', async () => {
    let adapters = [{ vdev: '0800' }];
    const hv = strictMock<SystemsManagement>({
      adapterQuery: () => Promise.resolve({ adapters }),
      nicCreate: () => Promise.reject(Errors.smapi(204, 4, 'in use')),
    });
    const opts = (await stepOptions(hv))['define NIC 1000 in running guest'];
    await expect(opts.probe!('')).resolves.toBe('absent');
    await expect(opts.repeat!()).resolves.toBeUndefined();
    adapters = [...adapters, { vdev: '1000' }];
    await expect(opts.probe!('')).resolves.toBe('done');
  });
});
