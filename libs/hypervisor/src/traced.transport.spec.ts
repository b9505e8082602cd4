import { jest } from '@jest/globals';
import { loadConfig } from '#config';
import { SimulatorTransport } from './simulator.transport.js';
import { TracedTransport } from './traced.transport.js';
import { createHypervisorTransport } from './transport.factory.js';
import type { HypervisorTransport } from './transport.js';

describe('TracedTransport', () => {
  it('is not put in between when this process does not trace', async () => {
    const t = await createHypervisorTransport(loadConfig({ DATA_DIR: '/tmp/hvo-otel' }));
    expect(t).toBeInstanceOf(SimulatorTransport);
  });

  it('passes every call and its answer through unchanged', async () => {
    const answer = (v: unknown) => jest.fn(() => Promise.resolve(v));
    const inner = {
      smapi: answer({ rc: 8, rs: 4, output: 'o' }),
      cp: answer({ rc: 45, lines: ['HCP045E'] }),
      mgmt: answer({ rc: 0, lines: [] }),
      mgmtFile: answer({ rc: 1, lines: ['gone'] }),
      ping: answer(true),
    };
    const t = new TracedTransport(inner as unknown as HypervisorTransport);
    expect(await t.smapi('Image_Query_DM', 'U1', { a: 1 })).toEqual({ rc: 8, rs: 4, output: 'o' });
    expect(inner.smapi).toHaveBeenCalledWith('Image_Query_DM', 'U1', { a: 1 });
    expect(await t.cp('QUERY USER U1')).toEqual({ rc: 45, lines: ['HCP045E'] });
    expect(await t.mgmt('punch', { userid: 'U1' })).toEqual({ rc: 0, lines: [] });
    expect(await t.mgmtFile('creatediskimage', { userid: 'U1' })).toEqual({
      rc: 1,
      lines: ['gone'],
    });
    expect(await t.ping()).toBe(true);
  });
});
