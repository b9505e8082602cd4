import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { repoRoot } from '#config';
import { HvError, toUserid } from '#envelope';
import {
  CpQueries,
  HypervisorExchange,
  type HypervisorTransport,
  ManagementGuestOps,
  ManagementTools,
  SimulatorTransport,
  SystemsManagement,
  SmapiTransport,
  type SmapiHealth,
  type WireClientOptions,
} from '#hypervisor';
import { CYLINDER_BYTES_3390 } from '../apps/hv-simulator/src/state/geometry.constants.js';
import { diskContent, imageOf } from '../apps/hv-simulator/src/testing/disk-image.fixtures.js';
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
type HypervisorClient = SystemsManagement & CpQueries & ManagementGuestOps;

/** The three parts over one exchange, answering as one object for the tables below. */
function partsOver(transport: HypervisorTransport): HypervisorClient {
  const exchange = new HypervisorExchange(transport, health);
  const parts = [
    new SystemsManagement(exchange),
    new CpQueries(exchange),
    new ManagementGuestOps(exchange),
  ];
  return new Proxy({} as HypervisorClient, {
    get: (_, name) => {
      const part = parts.find((p) => name in p) as Record<string | symbol, unknown> | undefined;
      const value = part?.[name];
      return typeof value === 'function' ? value.bind(part) : value;
    },
  });
}

async function clientFor(kind: Transport, h: Harness): Promise<HypervisorClient> {
  if (kind === 'simulator') return partsOver(new SimulatorTransport(h.url, 5000));
  const port = await h.sim.wire.listen(0, '127.0.0.1');
  // the simulator's management-guest executables, forwarding to this harness
  const tools = new ManagementTools({
    dir: join(repoRoot(), 'apps/hv-simulator/bin'),
    timeoutMs: 20_000,
    longTimeoutMs: 20_000,
    env: { HV_SIMULATOR_URL: h.url },
  });
  return partsOver(new SmapiTransport(wireOptions(port), tools));
}

const file = (text: string) => Readable.from([Buffer.from(text)]);
const IMAGE = imageOf(diskContent(2 * CYLINDER_BYTES_3390, 5), {
  type: 'CKD',
  units: 2,
  compressLevel: 6,
});
const md5Of = async (stream: Readable): Promise<string> => {
  const hash = createHash('md5');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
};
/** Reader files without their time and size (CP shows whole seconds and card records). */
const readerOf = async (hv: HypervisorClient, userid: string) =>
  (await hv.readerFiles(toUserid(userid))).map(({ spoolId, spoolClass, name }) => ({
    spoolId,
    spoolClass,
    name,
  }));

/** LINUX01 spools its console, so the console log has files to list, receive and purge. */
const SPOOLING = userDirectory('LINUX01', 'COMMAND SP CONS * START');
/** Console lines without the logon's time (the two runs log on at different moments). */
const consoleOf = async (hv: HypervisorClient, userid: string) =>
  (await hv.consoleLog(toUserid(userid))).map((l) => l.replace(/ \d{4}-\d\d-\d\dT\S+$/, ' <time>'));

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
  ['user create', (hv) => hv.imageCreateDM(toUserid('LINUX01'), SPOOLING)],
  ['user create again', (hv) => hv.imageCreateDM(toUserid('LINUX01'), SPOOLING)],
  [
    'disk add',
    (hv) =>
      done(
        hv.imageDiskCreateDM(toUserid('LINUX01'), {
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
      hv.imageDiskCreateDM(toUserid('LINUX01'), {
        vdev: '0101',
        deviceType: '3390',
        pool: 'NOPOOL',
        units: 10,
        mode: 'MR',
      }),
  ],
  ['CP query userid', (hv) => hv.queryUserid()],
  ['CP query user, logged off', (hv) => hv.queryUserPower(toUserid('LINUX01'))],
  ['CP query user, no such user', (hv) => hv.queryUserPower(toUserid('NOSUCH'))],
  [
    'punch',
    (hv) => hv.punchFile(toUserid('LINUX01'), file('#!/bin/sh\ntrue\n'), { name: 'cfg.sh' }),
  ],
  ['punch, no such user', (hv) => hv.punchFile(toUserid('NOSUCH'), file('x'), { name: 'cfg.sh' })],
  ['reader', (hv) => readerOf(hv, 'LINUX01')],
  [
    'purge',
    async (hv) =>
      hv.purgeReaderFile(
        toUserid('LINUX01'),
        (await hv.readerFiles(toUserid('LINUX01')))[0].spoolId,
      ),
  ],
  ['purge, no such file', (hv) => hv.purgeReaderFile(toUserid('LINUX01'), 9999)],
  ['reader, empty', (hv) => readerOf(hv, 'LINUX01')],
  [
    'unpack',
    async (hv) =>
      (await hv.unpackDiskImage(toUserid('LINUX01'), '0100', Readable.from([IMAGE]))).lines,
  ],
  [
    'unpack, no such disk',
    (hv) => hv.unpackDiskImage(toUserid('LINUX01'), '0200', Readable.from([IMAGE])),
  ],
  ['capture', async (hv) => md5Of(await hv.createDiskImage(toUserid('LINUX01'), '0100', 0))],
  ['capture, bad level', (hv) => hv.createDiskImage(toUserid('LINUX01'), '0100', 12)],
  ['command in guest, logged off', (hv) => hv.execInGuest(toUserid('LINUX01'), 'pwd')],
  ['refresh bootmap, no fcp', (hv) => hv.refreshBootmap({ lun: '0' })],
  ['directory', (hv) => hv.imageQueryDM(toUserid('LINUX01'))],
  ['user names', (hv) => hv.imageNameQueryDM()],
  ['nic create (directory)', (hv) => hv.nicCreateDM(toUserid('LINUX01'), '1000')],
  ['nic couple (directory)', (hv) => hv.nicConnectDM(toUserid('LINUX01'), '1000', 'VSW1')],
  ['disk query, logged off', (hv) => hv.imageDiskQuery(toUserid('LINUX01'))],
  ['activate', (hv) => hv.imageActivate(toUserid('LINUX01'))],
  ['activate again', (hv) => hv.imageActivate(toUserid('LINUX01'))],
  ['status', (hv) => hv.imageStatusQuery('*')],
  ['CP query user, logged on', (hv) => hv.queryUserPower(toUserid('LINUX01'))],
  ['CP member of', (hv) => hv.memberOf(toUserid('LINUX01'))],
  ['CP relocating', (hv) => hv.relocating(toUserid('LINUX01'))],
  ['capture, logged on', (hv) => hv.createDiskImage(toUserid('LINUX01'), '0100', 6)],
  ['console log', (hv) => consoleOf(hv, 'LINUX01')],
  ['console log, nothing new', (hv) => consoleOf(hv, 'LINUX01')],
  ['system information', (hv) => hv.systemInformationQuery()],
  ['system performance, one guest on', (hv) => hv.systemPerformanceInformationQuery()],
  ['disk query', (hv) => hv.imageDiskQuery(toUserid('LINUX01'))],
  ['disk query, one vdev', (hv) => hv.imageDiskQuery(toUserid('LINUX01'), '0100')],
  ['nic create (running)', (hv) => hv.nicCreate(toUserid('LINUX01'), '2000')],
  ['nic couple (running)', (hv) => hv.nicConnect(toUserid('LINUX01'), '2000', 'VSW1')],
  ['nic query', (hv) => hv.adapterQuery(toUserid('LINUX01'))],
  [
    'relocate test',
    (hv) => done(hv.vmRelocate(toUserid('LINUX01'), { action: 'TEST', destination: 'HVSIM2' })),
  ],
  [
    'relocate test, no such member',
    (hv) => hv.vmRelocate(toUserid('LINUX01'), { action: 'TEST', destination: 'NOWHERE' }),
  ],
  ['deactivate', (hv) => hv.imageDeactivate(toUserid('LINUX01'))],
  ['deactivate again', (hv) => hv.imageDeactivate(toUserid('LINUX01'))],
  ['lock', (hv) => hv.imageLockDM(toUserid('LINUX01'))],
  ['replace', (hv) => hv.imageReplaceDM(toUserid('LINUX01'), userDirectory('LINUX01', 'IPL 0100'))],
  ['directory after replace', (hv) => hv.imageQueryDM(toUserid('LINUX01'))],
  ['disk delete', (hv) => hv.imageDiskDeleteDM(toUserid('LINUX01'), '0100')],
  ['disk delete again', (hv) => hv.imageDiskDeleteDM(toUserid('LINUX01'), '0100')],
  ['nic delete (directory)', (hv) => hv.nicDeleteDM(toUserid('LINUX01'), '1000')],
  ['user delete', (hv) => hv.imageDeleteDM(toUserid('LINUX01'))],
  ['vswitch delete', (hv) => hv.vswitchDelete('VSW1')],
  ['vswitch gone', (hv) => hv.vswitchExists('VSW1')],
];

interface Run {
  results: [string, unknown][];
  calls: unknown[];
  /** The front door of each call, with the tool that made it. */
  via: string[];
}

/**
 * Each run has a simulator of its own, IPLed when it started: their IPL times may differ by a
 * second, which is not a difference between the transports.
 */
function sameIpl(value: unknown): unknown {
  if (typeof value === 'string')
    return value
      .replace(/^CP_IPL_TIME=.*/, 'CP_IPL_TIME=<ipl>')
      .replace(/IPL at \d\d\/\d\d\/\d\d \d\d:\d\d:\d\d/, 'IPL at <ipl>');
  if (Array.isArray(value)) return value.map(sameIpl);
  if (value && typeof value === 'object' && !(value instanceof Date))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, sameIpl(v)]));
  return value;
}

async function run(kind: Transport): Promise<Run> {
  const h = await startHarness();
  try {
    const hv = await clientFor(kind, h);
    const results: [string, unknown][] = [];
    for (const [name, step] of STEPS) results.push([name, sameIpl(await outcome(step(hv)))]);
    const calls = h.sim.calls
      .since(0)
      .map(({ function: fn, target, rc, rs }) => ({ fn, target, rc, rs }));
    const via = h.sim.calls.since(0).map((c) => `${c.function} ${c.via} ${c.tool ?? ''}`.trim());
    return { results, calls, via };
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
    // the console log received the logon's file: Image_Console_Get, vmur list, receive, purge
    const log = http.results.find(([name]) => name === 'console log')?.[1] as { ok: string[] };
    expect(log.ok[0]).toMatch(/^LOGON LINUX01 AT \S+ <time>$/);
    // nothing printed since: Image_Console_Get 8/8 and no file in the reader (#57.8)
    expect(http.results).toContainEqual(['console log, nothing new', { failed: [8, 8, 8] }]);
  });

  it('the simulator logs the same call sequence for both', () => {
    expect(wire.calls).toEqual(http.calls);
    expect(wire.calls.length).toBeGreaterThanOrEqual(STEPS.length);
  });

  it('over smapi, nothing uses the HTTP/JSON API: every call is wire or tools', () => {
    expect(http.via.every((v) => / http$/.test(v))).toBe(true);
    expect(wire.via.filter((v) => / http$/.test(v))).toEqual([]);
    expect(wire.via).toContain('Image_Console_Get wire');
    const tools = wire.via.filter((v) => / tool /.test(v));
    expect(new Set(tools)).toEqual(
      new Set([
        'CP tool vmcp',
        'punch tool vmur',
        'queryrdr tool vmcp',
        'purge tool vmcp',
        'rdrlist tool vmur',
        'rdrreceive tool vmur',
        'unpackdiskimage tool unpackdiskimage',
        'creatediskimage tool creatediskimage',
        'execcmd tool iucvclnt',
        'refresh_bootmap tool refresh_bootmap',
      ]),
    );
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
    await hv.imageCreateDM(toUserid('LINUX01'), userDirectory('LINUX01'));
    expect(named('Image_Create_DM')).toHaveLength(1);
    expect(await hv.imageNameQueryDM()).toContain('LINUX01');
  });

  it('drop after the request id: the answer is recovered, the guest logged on once', async () => {
    await hv.imageCreateDM(toUserid('LINUX01'), userDirectory('LINUX01'));
    h.sim.wire.inject('drop-after-id');
    await hv.imageActivate(toUserid('LINUX01'));
    expect(named('Image_Activate')).toHaveLength(1);
    expect(await hv.imageStatusQuery(toUserid('LINUX01'))).toEqual({ active: ['LINUX01'] });
  });

  it('stall: a timeout HvError, and the call never ran', async () => {
    await hv.imageCreateDM(toUserid('LINUX01'), userDirectory('LINUX01'));
    h.sim.wire.inject('stall', 2);
    const e = await failure(hv.imageLockDM(toUserid('LINUX01')));
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
