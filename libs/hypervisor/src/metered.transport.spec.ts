import { jest } from '@jest/globals';
import { Errors } from '#envelope';
import type { WorkMeter } from '#telemetry';
import { MeteredTransport } from './metered.transport.js';
import type { HypervisorTransport } from './transport.js';
import { strictMock } from '#testing/jest';

describe('MeteredTransport', () => {
  it('measures each call by function, CP verb or operation, and the rc it answered', async () => {
    const answer = (v: unknown) => jest.fn(() => Promise.resolve(v));
    const inner = {
      smapi: answer({ rc: 8, rs: 4, output: 'o' }),
      cp: answer({ rc: 45, lines: ['HCP045E'] }),
      mgmt: answer({ rc: 0, lines: [] }),
      mgmtFile: answer({ rc: 1, lines: ['gone'] }),
      ping: answer(true),
    };
    const calls: [string, string][] = [];
    const meter = strictMock<WorkMeter>({
      hypervisorCall: (fn: string, rc: string, seconds: number) => {
        expect(seconds).toBeGreaterThanOrEqual(0);
        calls.push([fn, rc]);
      },
    });
    const t = new MeteredTransport(inner as unknown as HypervisorTransport, meter);
    // answers pass through unchanged
    expect(await t.smapi('Image_Query_DM', 'U1', { a: 1 })).toEqual({ rc: 8, rs: 4, output: 'o' });
    expect(inner.smapi).toHaveBeenCalledWith('Image_Query_DM', 'U1', { a: 1 });
    expect(await t.cp('query user u1')).toEqual({ rc: 45, lines: ['HCP045E'] });
    await t.mgmt('punch', { userid: 'U1' });
    await t.mgmtFile('creatediskimage', { userid: 'U1' });
    expect(await t.ping()).toBe(true); // link probes are not counted
    expect(calls).toEqual([
      ['Image_Query_DM', '8'],
      ['CP QUERY', '45'],
      ['punch', '0'],
      ['creatediskimage', '1'],
    ]);
  });

  it('counts a call that got no answer as rc "none" and rethrows', async () => {
    const lost = Errors.hvTimeout('no answer');
    const inner = { smapi: () => Promise.reject(lost) };
    const calls: string[] = [];
    const meter = strictMock<WorkMeter>({
      hypervisorCall: (fn: string, rc: string) => calls.push(`${fn} ${rc}`),
    });
    const t = new MeteredTransport(inner as unknown as HypervisorTransport, meter);
    await expect(t.smapi('Image_Create_DM', 'U1')).rejects.toBe(lost);
    expect(calls).toEqual(['Image_Create_DM none']);
  });
});
