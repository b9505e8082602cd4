import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jest } from '@jest/globals';
import { HvError } from '#envelope';
import { SmapiTransport } from './smapi.transport.js';
import type { WireClientOptions } from './smapi/wire.client.js';
import { ManagementTools } from './tools/management.tools.js';

const word = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};

/** A tools dir whose vmcp answers `<its words> AT HVSIM1`. */
let toolsDir: string;
beforeAll(() => {
  toolsDir = mkdtempSync(join(tmpdir(), 'smapi-tools-'));
  writeFileSync(join(toolsDir, 'vmcp'), '#!/bin/sh\necho "$* AT HVSIM1"\n', { mode: 0o755 });
});
afterAll(() => rmSync(toolsDir, { recursive: true, force: true }));
const tools = () => new ManagementTools({ dir: toolsDir, timeoutMs: 5000, longTimeoutMs: 5000 });

let server: Server;
let requests: Buffer[];
let behaviour: (s: Socket) => void;

beforeEach(async () => {
  requests = [];
  server = createServer((s) => {
    s.on('data', (d: Buffer) => {
      requests.push(d);
      behaviour(s);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
});
afterEach(() => new Promise<void>((r) => server.close(() => r())));

const opts = (): WireClientOptions => ({
  host: '127.0.0.1',
  port: (server.address() as AddressInfo).port,
  userid: 'MAINT',
  password: 's3cret-pw',
  connectTimeoutMs: 500,
  readTimeoutMs: 300,
  longReadTimeoutMs: 300,
  retryDelaysMs: [0],
  recoveryDelayMs: 1,
});

describe('SmapiTransport', () => {
  it('sends the mapped parameters and answers the typed output', async () => {
    const names = Buffer.concat([word(7), Buffer.from('LINUX01')]);
    const body = Buffer.concat([word(9), word(0), word(0), word(names.length), names]);
    behaviour = (s) => s.end(Buffer.concat([word(9), word(body.length), body]));
    const t = new SmapiTransport(opts(), tools());
    await expect(t.smapi('Image_Name_Query_DM', '*')).resolves.toEqual({
      rc: 0,
      rs: 0,
      output: ['LINUX01'],
    });
    expect(requests[0].includes(Buffer.from('Image_Name_Query_DM'))).toBe(true);
  });

  it('a refused relocation: its codes, and its error data as the message', async () => {
    const data = Buffer.from('HCPRLH0045E LINUX01 not logged on');
    const body = Buffer.concat([word(3), word(8), word(3000), data]);
    behaviour = (s) => s.end(Buffer.concat([word(3), word(body.length), body]));
    const t = new SmapiTransport(opts(), tools());
    await expect(
      t.smapi('VMRELOCATE', 'LINUX01', { action: 'MOVE', destination: 'HVSIM2' }),
    ).resolves.toEqual({ rc: 8, rs: 3000, errmsg: data.toString() });
  });

  it("a failure with codes alone carries the reference client's description of them", async () => {
    const answer = (rc: number, rs: number) => {
      const body = Buffer.concat([word(5), word(rc), word(rs)]);
      return Buffer.concat([word(5), word(body.length), body]);
    };
    const t = new SmapiTransport(opts(), tools());
    behaviour = (s) => s.end(answer(400, 8));
    await expect(t.smapi('Image_Create_DM', 'LINUX01', { directory: [] })).resolves.toEqual({
      rc: 400,
      rs: 8,
      errmsg: 'Image or profile name already defined',
    });
    behaviour = (s) => s.end(answer(596, 3474));
    await expect(t.smapi('Image_Disk_Create_DM', 'LINUX01', {})).resolves.toMatchObject({
      errmsg: 'Internal directory manager error - product-specific return code : 3474',
    });
    behaviour = (s) => s.end(answer(999, 1));
    await expect(t.smapi('Image_Lock_DM', 'LINUX01')).resolves.toEqual({ rc: 999, rs: 1 });
  });

  it('System_WWPN_Query reads the machine facts once, not on every query', async () => {
    const lines = [
      '1A00 c05076ffe5005611 10 c05076ffe5005610 2 NONE',
      '1B00 c05076ffe5005621 59 c05076ffe5005620 1 LINUX01',
    ];
    const data = Buffer.from(lines.map((l) => `${l}\0`).join(''));
    const body = Buffer.concat([word(4), word(0), word(0), data]);
    behaviour = (s) => s.end(Buffer.concat([word(4), word(body.length), body]));
    const tls = tools();
    const machine = jest.spyOn(tls, 'machine').mockResolvedValue({
      cpcSn: '0000000000082F57',
      cpcName: 'M54',
      lpar: 'ZVM4OCP1',
      pchids: { '10': '0240', '59': '02E4' },
    });
    const t = new SmapiTransport(opts(), tls);
    for (let i = 0; i < 3; i++) {
      await expect(t.smapi('System_WWPN_Query', '*')).resolves.toMatchObject({
        rc: 0,
        output: {
          cpcName: 'M54',
          lpar: 'ZVM4OCP1',
          devices: [
            { fcpId: '1A00', chpid: '10', pchid: '0240' },
            { fcpId: '1B00', chpid: '59', pchid: '02E4', owner: 'LINUX01' },
          ],
        },
      });
    }
    expect(machine).toHaveBeenCalledTimes(1);
  });

  it('a stalled server is a timeout HvError naming the function, never the password', async () => {
    behaviour = () => undefined;
    const t = new SmapiTransport(opts(), tools());
    const e = (await t.smapi('Image_Lock_DM', 'LINUX01').catch((x: unknown) => x)) as HvError;
    expect(e).toBeInstanceOf(HvError);
    expect([e.rc, e.rs]).toEqual([1, 501]);
    expect(e.message).toMatch(/Image_Lock_DM/);
    expect(e.message).not.toMatch(/s3cret/);
  });

  it('nothing listening: unreachable; CP commands still go to vmcp', async () => {
    const closed = opts();
    await new Promise<void>((r) => server.close(() => r()));
    const t = new SmapiTransport(closed, tools());
    const e = (await t.smapi('Image_Lock_DM', 'LINUX01').catch((x: unknown) => x)) as HvError;
    expect(e).toBeInstanceOf(HvError);
    expect(e.message).toMatch(/refused|ECONNREFUSED/i);
    await expect(t.ping()).resolves.toBe(false);
    await expect(t.cp('QUERY USERID')).resolves.toEqual({
      rc: 0,
      lines: ['QUERY USERID AT HVSIM1'],
    });
    server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  });
});
