import type { CallRecord } from '../apps/hv-simulator/src/calls/call.log.js';
import { importSampleImage } from './support/sample-image.js';
import { TestStack } from './support/stack.js';

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
    const guest = {
      userid: 'LIFE01',
      vcpus: 1,
      memory: 1024,
      // the second disk is formatted by the management guest (installfs: link, dasdfmt, mkfs…)
      disk_list: [
        { size: '10', is_boot_disk: true },
        { size: '10', format: 'ext4' },
      ],
    };
    await ok('POST', '/guests', { guest });
    await ok('POST', '/guests/LIFE01/action', { action: 'deploy', image: 'life-img' });
    await ok('POST', '/guests/LIFE01/action', { action: 'start' });
    await ok('GET', '/guests/LIFE01/os_info');
    // Image_Console_Get, CP SPOOL READER, vmur list: the console log needs no HTTP either
    await ok('POST', '/guests/LIFE01/action', { action: 'get_console_output' });
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
