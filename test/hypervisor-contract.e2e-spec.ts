import { HvError } from '#envelope';
import {
  HypervisorClient,
  SimulatorTransport,
  SmapiTransport,
  type SmapiHealth,
  type WireClientOptions,
} from '#hypervisor';
import {
  startHarness,
  userDirectory,
  type Harness,
} from '../apps/hv-simulator/src/testing/simulator.harness.js';

/**
 * One contract for both transports: the same calls through HypervisorClient against a fresh
 * simulator, over HTTP/JSON (HV_TRANSPORT=simulator) and over the systems-management wire
 * protocol (HV_TRANSPORT=smapi, the simulator's second front door), must give the same results
 * and leave the same call log. Then the wire's own faults, through the same client.
 */
const health = { record: () => Promise.resolve() } as unknown as SmapiHealth;

const wireOptions = (port: number): WireClientOptions => ({
  host: '127.0.0.1',
  port,
  userid: 'HVSIMMGR',
  password: 'contract-pw',
  connectTimeoutMs: 2000,
  readTimeoutMs: 500,
  longReadTimeoutMs: 500,
  retryDelaysMs: [0, 20],
  recoveryDelayMs: 20,
});

type Transport = 'simulator' | 'smapi';

async function clientFor(kind: Transport, h: Harness): Promise<HypervisorClient> {
  const http = new SimulatorTransport(h.url, 5000);
  if (kind === 'simulator') return new HypervisorClient(http, health);
  const port = await h.sim.wire.listen(0, '127.0.0.1');
  return new HypervisorClient(new SmapiTransport(wireOptions(port), http), health);
}

/** A step's result, or the codes it failed with. */
const outcome = (p: Promise<unknown>): Promise<unknown> =>
  p.then(
    (v) => ({ ok: v ?? null }),
    (e: unknown) => {
      if (!(e instanceof HvError)) throw e;
      return { failed: [e.overallRC, e.rc, e.rs] };
    },
  );

/** Resolved to `done`: outputs only the simulator's JSON has (a disk's extent, relocation passes). */
const done = (p: Promise<unknown>): Promise<string> => p.then(() => 'done');

const STEPS: [string, (hv: HypervisorClient) => Promise<unknown>][] = [
  ['vswitch create', (hv) => hv.vswitchCreate({ switchName: 'VSW1', realDeviceAddress: '1000' })],
  ['vswitch exists', (hv) => hv.vswitchExists('VSW1')],
  ['vswitch query', (hv) => hv.vswitchQuery('VSW1')],
  ['vswitch names', (hv) => hv.vswitchNames()],
  ['user create', (hv) => hv.imageCreateDM('LINUX01', userDirectory('LINUX01'))],
  ['user create again', (hv) => hv.imageCreateDM('LINUX01', userDirectory('LINUX01'))],
  [
    'disk add',
    (hv) =>
      done(
        hv.imageDiskCreateDM('LINUX01', {
          vdev: '0100',
          deviceType: '3390',
          pool: 'POOL1',
          units: 10,
          mode: 'MR',
          format: 'none',
        }),
      ),
  ],
  [
    'disk add, unknown pool',
    (hv) =>
      hv.imageDiskCreateDM('LINUX01', {
        vdev: '0101',
        deviceType: '3390',
        pool: 'NOPOOL',
        units: 10,
        mode: 'MR',
      }),
  ],
  ['directory', (hv) => hv.imageQueryDM('LINUX01')],
  ['user names', (hv) => hv.imageNameQueryDM()],
  ['nic create (directory)', (hv) => hv.nicCreateDM('LINUX01', '1000')],
  ['nic couple (directory)', (hv) => hv.nicConnectDM('LINUX01', '1000', 'VSW1')],
  ['disk query, logged off', (hv) => hv.imageDiskQuery('LINUX01')],
  ['activate', (hv) => hv.imageActivate('LINUX01')],
  ['activate again', (hv) => hv.imageActivate('LINUX01')],
  ['status', (hv) => hv.imageStatusQuery('*')],
  ['system information', (hv) => hv.systemInformationQuery()],
  ['system performance, one guest on', (hv) => hv.systemPerformanceInformationQuery()],
  ['disk query', (hv) => hv.imageDiskQuery('LINUX01')],
  ['disk query, one vdev', (hv) => hv.imageDiskQuery('LINUX01', '0100')],
  ['nic create (running)', (hv) => hv.nicCreate('LINUX01', '2000')],
  ['nic couple (running)', (hv) => hv.nicConnect('LINUX01', '2000', 'VSW1')],
  ['nic query', (hv) => hv.adapterQuery('LINUX01')],
  [
    'relocate test',
    (hv) => done(hv.vmRelocate('LINUX01', { action: 'TEST', destination: 'HVSIM2' })),
  ],
  [
    'relocate test, no such member',
    (hv) => hv.vmRelocate('LINUX01', { action: 'TEST', destination: 'NOWHERE' }),
  ],
  ['deactivate', (hv) => hv.imageDeactivate('LINUX01')],
  ['deactivate again', (hv) => hv.imageDeactivate('LINUX01')],
  ['lock', (hv) => hv.imageLockDM('LINUX01')],
  ['replace', (hv) => hv.imageReplaceDM('LINUX01', userDirectory('LINUX01', 'IPL 0100'))],
  ['directory after replace', (hv) => hv.imageQueryDM('LINUX01')],
  ['disk delete', (hv) => hv.imageDiskDeleteDM('LINUX01', '0100')],
  ['disk delete again', (hv) => hv.imageDiskDeleteDM('LINUX01', '0100')],
  ['nic delete (directory)', (hv) => hv.nicDeleteDM('LINUX01', '1000')],
  ['user delete', (hv) => hv.imageDeleteDM('LINUX01')],
  ['vswitch delete', (hv) => hv.vswitchDelete('VSW1')],
  ['vswitch gone', (hv) => hv.vswitchExists('VSW1')],
];

interface Run {
  results: [string, unknown][];
  calls: unknown[];
}

async function run(kind: Transport): Promise<Run> {
  const h = await startHarness();
  try {
    const hv = await clientFor(kind, h);
    const results: [string, unknown][] = [];
    for (const [name, step] of STEPS) results.push([name, await outcome(step(hv))]);
    const calls = h.sim.calls
      .since(0)
      .map(({ function: fn, target, rc, rs }) => ({ fn, target, rc, rs }));
    return { results, calls };
  } finally {
    await h.close();
  }
}

describe('hypervisor contract: simulator and smapi transports', () => {
  let http: Run;
  let wire: Run;
  beforeAll(async () => {
    http = await run('simulator');
    wire = await run('smapi');
  });

  it('every call gives the same result over both transports', () => {
    expect(wire.results).toEqual(http.results);
    // the table exercises failures too, not only successes
    expect(http.results.filter(([, r]) => 'failed' in (r as object)).length).toBeGreaterThan(4);
  });

  it('the simulator logs the same call sequence for both', () => {
    expect(wire.calls).toEqual(http.calls);
    expect(wire.calls.length).toBeGreaterThanOrEqual(STEPS.length);
  });
});

describe('wire faults through HypervisorClient over SmapiTransport', () => {
  let h: Harness;
  let hv: HypervisorClient;
  beforeEach(async () => {
    h = await startHarness();
    hv = await clientFor('smapi', h);
  });
  afterEach(() => h.close());

  const named = (fn: string) => h.sim.calls.since(0).filter((c) => c.function === fn);
  const failure = (p: Promise<unknown>): Promise<HvError> =>
    p.then(
      () => {
        throw new Error('the call succeeded');
      },
      (e: unknown) => {
        expect(e).toBeInstanceOf(HvError);
        return e as HvError;
      },
    );

  it('drop before the request id: sent again, the user is created once', async () => {
    h.sim.wire.inject('drop-before-id');
    await hv.imageCreateDM('LINUX01', userDirectory('LINUX01'));
    expect(named('Image_Create_DM')).toHaveLength(1);
    expect(await hv.imageNameQueryDM()).toContain('LINUX01');
  });

  it('drop after the request id: the answer is recovered, the guest logged on once', async () => {
    await hv.imageCreateDM('LINUX01', userDirectory('LINUX01'));
    h.sim.wire.inject('drop-after-id');
    await hv.imageActivate('LINUX01');
    expect(named('Image_Activate')).toHaveLength(1);
    expect(await hv.imageStatusQuery('LINUX01')).toEqual({ active: ['LINUX01'] });
  });

  it('stall: a timeout HvError, and the call never ran', async () => {
    await hv.imageCreateDM('LINUX01', userDirectory('LINUX01'));
    h.sim.wire.inject('stall', 2);
    const e = await failure(hv.imageLockDM('LINUX01'));
    expect([e.overallRC, e.rc, e.rs]).toEqual([5, 1, 501]);
    expect(e.message).toMatch(/Image_Lock_DM/);
    expect(named('Image_Lock_DM')).toHaveLength(0);
  });

  it('garbage: a clear link error naming it', async () => {
    h.sim.wire.inject('garbage');
    const e = await failure(hv.imageNameQueryDM());
    expect(e.message).toMatch(/Image_Name_Query_DM: garbled answer/);
    expect(e.message).not.toMatch(/contract-pw/);
  });
});
