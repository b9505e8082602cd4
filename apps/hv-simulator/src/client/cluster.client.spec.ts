import { HvError, toUserid } from '#envelope';
import { startHarness, userDirectory, type Harness } from '../testing/simulator.harness.js';
import {
  CpQueries,
  HypervisorExchange,
  SimulatorTransport,
  type SmapiHealth,
  SystemsManagement,
} from '#hypervisor';
import { strictMock } from '#testing/jest';

describe('CpQueries and SystemsManagement: SSI and system calls over the simulator transport', () => {
  const records: boolean[] = [];
  // Stands in for the Redis-backed counters.
  const health = strictMock<SmapiHealth>({
    record: (ok: boolean) => {
      records.push(ok);
      return Promise.resolve();
    },
  });
  const clientOf = (h: Harness) => {
    const exchange = new HypervisorExchange(new SimulatorTransport(h.url, 5000), health);
    return { exchange, cp: new CpQueries(exchange), hv: new SystemsManagement(exchange) };
  };

  it('reads QUERY SSI, QUERY USERID and relocates with typed answers', async () => {
    const h = await startHarness();
    try {
      const { cp, hv } = clientOf(h);
      expect((await cp.querySsi())[0]).toBe('SSI Name: HVSSI');
      expect(await cp.queryUserid()).toEqual({ userid: 'HVSIMMGR', systemId: 'HVSIM1' });
      await hv.imageCreateDM(toUserid('LINUX01'), userDirectory('LINUX01'));
      await hv.imageActivate(toUserid('LINUX01'));
      const err = await hv
        .vmRelocate(toUserid('LINUX01'), { action: 'TEST', destination: 'NOWHERE' })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(HvError);
      expect(err).toMatchObject({ overallRC: 8, rc: 4, rs: 3000 });
      const moved = await hv.vmRelocate(toUserid('LINUX01'), {
        action: 'MOVE',
        destination: 'HVSIM2',
      });
      expect(moved).toMatchObject({ source: 'HVSIM1', destination: 'HVSIM2' });
      expect(await hv.imageNameQueryDM()).toEqual(['LINUX01']);
    } finally {
      await h.close();
    }
  });

  it('answers [] for QUERY SSI outside a cluster; ping counts in the health records', async () => {
    const h = await startHarness({ ssiMembers: 1 });
    const { cp, exchange } = clientOf(h);
    try {
      expect(await cp.querySsi()).toEqual([]);
      records.length = 0;
      expect(await exchange.ping()).toBe(true);
    } finally {
      await h.close();
    }
    expect(await exchange.ping()).toBe(false);
    await new Promise((r) => setImmediate(r));
    expect(records).toEqual([true, false]);
  });
});
