import { jest } from '@jest/globals';
import { Errors } from '#envelope';
import type { ManagementGuestOps, SystemsManagement } from '#hypervisor';
import type { VolumeConnectionPayload } from '#jobs';
import type { OperationContext, StepOptions } from '#operations';
import type { FcpRepository } from '#persistence';
import { AttachVolumeHandler } from './attach-volume.handler.js';
import { strictMock } from '#testing/jest';

/**
 * Issue #58 item 4: FCP dedications in doubt are read back from the directory's DEDICATE
 * statements and, not all there, the missing ones dedicated again (404/4 tolerated: a lost
 * call landed meanwhile), instead of waiting out the calls' window.
 */
describe('dedicate FCPs in doubt: read back and repeated', () => {
  it('reads the DEDICATE statements back; repeats only the FCPs missing', async () => {
    let dir = ['USER VM1 PW 1G 2G G', 'DEDICATE 1A00 1A00'];
    const dedicateFcp = jest.fn((_u: string, fcp: string) =>
      fcp === '1B00' ? Promise.reject(Errors.smapi(404, 4, 'defined')) : Promise.resolve(),
    );
    const hv = strictMock<SystemsManagement>({
      imageNameQueryDM: () => Promise.resolve(['VM1']),
      imageQueryDM: () => Promise.resolve(dir),
      dedicateFcp,
    });
    const repo = strictMock<FcpRepository>({
      fcps: () =>
        Promise.resolve(['1A00', '1B00', '1C00'].map((fcpId) => ({ fcpId, connections: 1 }))),
    });
    let opts: StepOptions = {};
    const ctx = strictMock<OperationContext>({
      step: (name: string, _fn: unknown, o: StepOptions = {}) => {
        if (name === 'dedicate FCPs') opts = o;
        return Promise.resolve(undefined);
      },
    });
    const c = {
      assignerId: 'VM1',
      fcps: ['1A00', '1B00', '1C00'],
      isRootVolume: false,
      doRollback: true,
      osVersion: 'rhel8',
    } as unknown as VolumeConnectionPayload;
    await new AttachVolumeHandler(hv, {} as ManagementGuestOps, repo).run(c, ctx);

    await expect(opts.probe!('')).resolves.toBe('absent');
    await expect(opts.repeat!()).resolves.toBeUndefined();
    expect(dedicateFcp.mock.calls.map(([, fcp]) => fcp)).toEqual(['1B00', '1C00']);
    dir = [...dir, 'DEDICATE 1B00 1B00', 'DEDICATE 1C00 1C00'];
    await expect(opts.probe!('')).resolves.toBe('done');
  });
});
