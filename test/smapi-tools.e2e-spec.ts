import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallRecord } from '../apps/hv-simulator/src/calls/call.log.js';
import { e2eGraph } from './support/e2e-graph.js';
import { importSampleImage } from './support/sample-image.js';
import { TestStack } from './support/stack.js';
import { bootDisk, disk, guestBody } from './support/fixtures.js';

type Transport = 'simulator' | 'smapi';

/**
 * A guest's life through the api and a worker: created with a root and a data disk, deployed from an image,
 * started, asked its OS and console, stopped and deleted. Answers what the simulator logged meanwhile.
 */
async function guestLife(transport: Transport): Promise<CallRecord[]> {
  const stack = await TestStack.start({ transport, worker: 'in-process' });
  try {
    await importSampleImage(stack, 'life-img');
    const since = stack.simulator.calls.lastSeq;
    const ok = async (method: string, path: string, body?: object) => {
      const r = await stack.http(method, path, { body });
      if (r.status !== 200) throw new Error(`${method} ${path}: ${JSON.stringify(r.body)}`);
      return r.body as { output: unknown };
    };
    await ok(
      'POST',
      '/guests',
      guestBody({
        userid: 'LIFE01',
        memory: 1024,
        // the second disk is formatted by the management guest (installfs: link, dasdfmt, mkfs…)
        disks: [bootDisk('10'), disk('10', { format: 'ext4' })],
      }),
    );
    await ok('POST', '/guests/LIFE01/action', { action: 'deploy', image: 'life-img' });
    await ok('POST', '/guests/LIFE01/action', { action: 'start' });
    await ok('GET', '/guests/LIFE01/os_info');
    // Image_Console_Get, CP SPOOL READER, vmur list: the console log needs no HTTP either
    // (LIFE01 does not spool its console: the answer is the reference's 0409, SMT 8/8/8)
    const consoleAnswer = await stack.http('POST', '/guests/LIFE01/action', {
      body: { action: 'get_console_output' },
    });
    expect(consoleAnswer.body).toMatchObject({ overallRC: 8, rc: 8, rs: 8 });
    await ok('POST', '/guests/LIFE01/action', { action: 'stop' });
    await ok('DELETE', '/guests/LIFE01');
    return stack.simulator.calls.since(since);
  } finally {
    await stack.close();
  }
}

describe('HV_TRANSPORT=smapi: the stack reaches the simulator through the wire and the tools only', () => {
  const calls = {} as Record<Transport, CallRecord[]>;
  beforeAll(async () => {
    calls.simulator = await guestLife('simulator');
    calls.smapi = await guestLife('smapi');
  });

  it('no call of the api or the worker goes to the HTTP/JSON API', () => {
    expect(calls.smapi.filter((c) => c.via === 'http')).toEqual([]);
    const tools = new Set(calls.smapi.filter((c) => c.via === 'tool').map((c) => c.tool));
    // of the installfs tools, only mkfs reaches the simulator (the others act on the link table)
    expect(tools).toEqual(new Set(['vmcp', 'vmur', 'unpackdiskimage', 'iucvclnt', 'mkfs']));
    expect(calls.smapi.some((c) => c.via === 'wire')).toBe(true);
    expect(calls.simulator.every((c) => c.via === 'http')).toBe(true);
  });

  it('the simulator logs the same function sequence over both transports', () => {
    const sequence = (cs: CallRecord[]) =>
      cs.map((c) => [c.function, c.target, c.command ?? '', c.rc].join(' '));
    expect(sequence(calls.smapi)).toEqual(sequence(calls.simulator));
    expect(calls.smapi.length).toBeGreaterThan(10);
    expect(sequence(calls.smapi)).toContain('installfs LIFE01  0');
  });
});

describe('bin/<tool> where the simulator is not a plain http address of this machine', () => {
  type Simulator = Awaited<ReturnType<Awaited<ReturnType<typeof e2eGraph>>['createSimulator']>>;
  let sim: Simulator;
  let dir: string;
  let simUrl: string;
  let bin: string;
  beforeAll(async () => {
    const graph = await e2eGraph();
    bin = join(graph.repoRoot(), 'apps/hv-simulator/bin');
    dir = mkdtempSync(join(tmpdir(), 'hv-tool-node-'));
    sim = await graph.createSimulator({ stateDir: dir, latencyProfile: 'fast' });
    simUrl = await sim.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const vmcp = (url: string, nodeOptions = '') =>
    new Promise<{ code: number; out: string; err: string }>((resolve) => {
      execFile(
        join(bin, 'vmcp'),
        ['QUERY', 'USERID'],
        { env: { PATH: process.env.PATH, HV_SIMULATOR_URL: url, NODE_OPTIONS: nodeOptions } },
        (e, out, err) => resolve({ code: e ? Number(e.code) : 0, out, err }),
      );
    });

  it('runs as a node process of its own (built), answering as the simulator-run tool does', async () => {
    // a path after the address: not what the forwarder takes, the same simulator to node's URL
    const elsewhere = `${simUrl}/elsewhere`;
    const hosted = await vmcp(simUrl, '--no-such-flag');
    expect(hosted.code).toBe(0);
    expect(await vmcp(elsewhere)).toEqual(hosted);
    // proof that it was node: a flag node refuses stops it
    expect((await vmcp(elsewhere, '--no-such-flag')).code).not.toBe(0);
    expect(sim.calls.since(0).filter((c) => c.via === 'tool')).toHaveLength(2);
  });
});
