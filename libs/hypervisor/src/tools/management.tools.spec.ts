import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { HvError } from '#envelope';
import type { QueryReaderReply, ReaderListReply } from '../protocol.js';
import { ManagementTools } from './management.tools.js';

let dir: string;
let staging: string;
/** A fake tool named as the real one, in the tools dir. */
const tool = (name: string, body: string): void =>
  writeFileSync(join(dir, name), `#!/bin/sh\n${body}\n`, { mode: 0o755 });
const tools = () =>
  new ManagementTools({ dir, timeoutMs: 5000, longTimeoutMs: 5000, tmpDir: staging });
const argsOf = (name: string): string[] =>
  readFileSync(join(dir, `${name}.args`), 'utf8')
    .split('\n')
    .slice(0, -1);
/** A fake that records its arguments one a line in `<name>.args`, then runs `body`. */
const recording = (name: string, body: string): void =>
  tool(name, `for a in "$@"; do printf '%s\\n' "$a"; done > "${join(dir, name)}.args"\n${body}`);

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mgmt-tools-'));
  staging = mkdtempSync(join(tmpdir(), 'mgmt-staging-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(staging, { recursive: true, force: true });
});

describe('ManagementTools: CP commands through vmcp', () => {
  it('sends the words as arguments; exit 0 is rc 0 with the response lines', async () => {
    recording('vmcp', 'echo "HVSIMMGR AT HVSIM1"');
    await expect(tools().cp('QUERY  USERID')).resolves.toEqual({
      rc: 0,
      lines: ['HVSIMMGR AT HVSIM1'],
    });
    expect(argsOf('vmcp')).toEqual(['QUERY', 'USERID']);
  });

  it("exit 1 is CP's return code from `#rc` on stderr, its response as the lines", async () => {
    tool(
      'vmcp',
      `echo "HCPCQU045E LINUX01 not logged on"
echo "Error: non-zero CP response for command 'QUERY USER LINUX01': #45" >&2
exit 1`,
    );
    await expect(tools().cp('QUERY USER LINUX01')).resolves.toEqual({
      rc: 45,
      lines: ['HCPCQU045E LINUX01 not logged on'],
    });
  });

  it('vmcp itself failing: exit 3 (no /dev/vmcp) unreachable, exit 4 a CP error', async () => {
    tool('vmcp', 'echo "Error: Could not open device /dev/vmcp" >&2; exit 3');
    const e3 = (await tools()
      .cp('QUERY USERID')
      .catch((x: unknown) => x)) as HvError;
    expect([e3.rc, e3.rs]).toEqual([99, 305]);
    expect(e3.message).toMatch(/dev\/vmcp/);
    tool('vmcp', 'exit 4');
    const e4 = (await tools()
      .cp('QUERY USERID')
      .catch((x: unknown) => x)) as HvError;
    expect([e4.rc, e4.rs]).toEqual([99, 420]);
  });

  it('the tools are "there" when vmcp is executable (ping runs nothing)', async () => {
    await expect(tools().ping()).resolves.toBe(false);
    tool('vmcp', `touch "${dir}/ran"`);
    await expect(tools().ping()).resolves.toBe(true);
    expect(readdirSync(dir)).not.toContain('ran');
  });
});

describe('ManagementTools: reader files', () => {
  it('punch: the input as a file to `vmur punch -r -u userid -N name`; its spool id', async () => {
    recording('vmur', `cp "$7" "${dir}/punched"; echo "Reader file with spoolid 0042 created."`);
    const r = await tools().mgmt(
      'punch',
      { userid: 'LINUX01', class: 'X', name: 'cfg drive;x' },
      Readable.from([Buffer.from('abc'), Buffer.from('def')]),
    );
    expect(r).toEqual({ rc: 0, lines: ['Reader file with spoolid 0042 created.'], spoolId: 42 });
    expect(argsOf('vmur').slice(0, 6)).toEqual([
      'punch',
      '-r',
      '-u',
      'LINUX01',
      '-N',
      'cfg drive;x',
    ]);
    expect(readFileSync(join(dir, 'punched'), 'utf8')).toBe('abcdef');
    expect(readdirSync(staging)).toEqual([]); // the staged file is gone
  });

  it('punch: a failing vmur is rc 3 with its messages as ERROR lines; class other than X is refused', async () => {
    tool('vmur', 'echo "vmur: HCP053E NOSUCH not in CP directory" >&2; exit 1');
    const input = () => Readable.from([Buffer.from('x')]);
    await expect(
      tools().mgmt('punch', { userid: 'NOSUCH', name: 'a.sh' }, input()),
    ).resolves.toEqual({ rc: 3, lines: ['ERROR: vmur: HCP053E NOSUCH not in CP directory'] });
    const y = await tools().mgmt('punch', { userid: 'L', class: 'Y', name: 'a' }, input());
    expect(y.rc).toBe(1);
  });

  it('queryrdr: CP QUERY RDR userid ALL, its file lines parsed', async () => {
    recording(
      'vmcp',
      `echo "ORIGINID FILE CLASS RECORDS  CPY HOLD DATE  TIME     NAME"
echo "HVSIMMGR 0007 X PUN 00000003 001 NONE 01/02 03:04:05 cfgdrive.tgz"`,
    );
    const r = await tools().mgmt<QueryReaderReply>('queryrdr', { userid: 'LINUX01' });
    expect(argsOf('vmcp')).toEqual(['QUERY', 'RDR', 'LINUX01', 'ALL']);
    expect(r).toMatchObject({
      rc: 0,
      files: [{ spoolId: 7, spoolClass: 'X', name: 'cfgdrive.tgz', size: 240 }],
    });
    expect(r.files?.[0].time).toMatch(/^\d{4}-01-02T03:04:05/);
  });

  it("purge: CP PURGE userid RDR id; CP's refusal is rc 3 with its message", async () => {
    recording('vmcp', `echo "HCPCSP042E No such spool file"; echo "Error: #42" >&2; exit 1`);
    await expect(tools().mgmt('purge', { userid: 'LINUX01', spoolid: '12' })).resolves.toEqual({
      rc: 3,
      lines: ['ERROR: HCPCSP042E No such spool file'],
    });
    expect(argsOf('vmcp')).toEqual(['PURGE', 'LINUX01', 'RDR', '12']);
  });
});

describe("ManagementTools: the management guest's own reader (console files)", () => {
  it('rdrlist: `vmur list`, its file lines parsed (origin, id, class, type)', async () => {
    recording(
      'vmur',
      `echo "ORIGINID FILE CLASS RECORDS  CPY HOLD DATE  TIME     NAME      TYPE     DIST"
echo "LINUX01  0012 T CON 00000003 001 NONE 11/26 01:02:03 LINUX01   CONSOLE  LINUX01"
echo "HVSIMMGR 0013 X PUN 00000001 001 NONE 11/26 01:02:04 cfg.sh"`,
    );
    const r = await tools().mgmt<ReaderListReply>('rdrlist', {});
    expect(argsOf('vmur')).toEqual(['list']);
    expect(r.rc).toBe(0);
    expect(r.files).toEqual([
      { origin: 'LINUX01', spoolId: 12, spoolClass: 'T', type: 'CON' },
      { origin: 'HVSIMMGR', spoolId: 13, spoolClass: 'X', type: 'PUN' },
    ]);
  });

  it('rdrlist: an empty reader is no files; a failing vmur is rc 3 with ERROR lines', async () => {
    tool('vmur', 'echo "NO RDR FILES"');
    await expect(tools().mgmt('rdrlist', {})).resolves.toEqual({
      rc: 0,
      lines: ['NO RDR FILES'],
      files: [],
    });
    tool('vmur', 'echo "vmur: Reader device is offline" >&2; exit 1');
    await expect(tools().mgmt('rdrlist', {})).resolves.toEqual({
      rc: 3,
      lines: ['ERROR: vmur: Reader device is offline'],
    });
  });

  it('rdrreceive: `vmur re -H -t -O id`, held in the reader; stdout is the text', async () => {
    recording('vmur', 'printf "LOGON LINUX01\\nboot line\\n"');
    await expect(tools().mgmt('rdrreceive', { spoolid: '12' })).resolves.toEqual({
      rc: 0,
      lines: ['LOGON LINUX01', 'boot line'],
    });
    expect(argsOf('vmur')).toEqual(['re', '-H', '-t', '-O', '12']);
  });

  it('rdrreceive: a failing vmur is rc 3; a spool id that is not 1-4 digits never runs it', async () => {
    tool('vmur', 'echo "vmur: Spool file 12 does not exist" >&2; exit 1');
    await expect(tools().mgmt('rdrreceive', { spoolid: '12' })).resolves.toEqual({
      rc: 3,
      lines: ['ERROR: vmur: Spool file 12 does not exist'],
    });
    tool('vmur', `touch "${dir}/ran"`);
    for (const spoolid of ['12345', '-H', '1 2', '']) {
      expect((await tools().mgmt('rdrreceive', { spoolid })).rc).toBe(1);
    }
    expect(readdirSync(dir)).not.toContain('ran');
  });

  it("purge without a userid: CP PURGE RDR id, the management guest's own reader", async () => {
    recording('vmcp', 'echo "0000001 FILE PURGED"');
    await expect(tools().mgmt('purge', { spoolid: '12' })).resolves.toEqual({
      rc: 0,
      lines: ['0000001 FILE PURGED'],
    });
    expect(argsOf('vmcp')).toEqual(['PURGE', 'RDR', '12']);
    expect((await tools().mgmt('purge', { userid: 'A B', spoolid: '12' })).rc).toBe(1);
    expect((await tools().mgmt('purge', { spoolid: 'ALL' })).rc).toBe(1);
  });
});

describe('ManagementTools: guest commands through iucvclnt', () => {
  it('the command is one argument; exit 0 answers its output', async () => {
    recording('iucvclnt', 'echo ID=rhel');
    const cmd = `echo 'a b'; cat /etc/os-release`;
    await expect(tools().mgmt('execcmd', { userid: 'LINUX01', cmd })).resolves.toEqual({
      rc: 0,
      lines: ['ID=rhel'],
    });
    expect(argsOf('iucvclnt')).toEqual(['LINUX01', cmd]);
  });

  it.each([
    [1, 3, 'UNAUTHORIZED_ERROR: not authorised'],
    [2, 1, 'USAGE_ERROR'],
    [4, 3, 'Return code 4, Reason code 110.'],
    [8, 3, 'Return code 8, Reason code 1.'],
  ])('exit %i is rc %i with the output as ERROR lines', async (exit, rc, text) => {
    tool('iucvclnt', `echo "${text}"; exit ${exit}`);
    await expect(tools().mgmt('execcmd', { userid: 'LINUX01', cmd: 'pwd' })).resolves.toEqual({
      rc,
      lines: [`ERROR: ${text}`],
    });
  });
});

describe('ManagementTools: disk images and refresh_bootmap (zthin scripts)', () => {
  it('unpackdiskimage userid vdev file: the image staged to a file, bytes counted', async () => {
    recording('unpackdiskimage', `cp "$3" "${dir}/deployed"; echo "Image deployment successful."`);
    const sent: number[] = [];
    const image = Readable.from([Buffer.alloc(1000, 1), Buffer.alloc(500, 2)]);
    const r = await tools().mgmt('unpackdiskimage', { userid: 'L1', vdev: '0100' }, image, (n) =>
      sent.push(n),
    );
    expect(r).toEqual({ rc: 0, lines: ['Image deployment successful.'] });
    expect(argsOf('unpackdiskimage').slice(0, 2)).toEqual(['L1', '0100']);
    expect(readFileSync(join(dir, 'deployed')).length).toBe(1500);
    expect(sent).toEqual([1000, 1500]);
    expect(readdirSync(staging)).toEqual([]);
  });

  it("unpackdiskimage's exit status is the rc, its output the lines", async () => {
    tool(
      'unpackdiskimage',
      'echo "ERROR: The specified target system is currently running." >&2; exit 3',
    );
    const image = Readable.from([Buffer.from('x')]);
    await expect(
      tools().mgmt('unpackdiskimage', { userid: 'L1', vdev: '0100' }, image),
    ).resolves.toEqual({
      rc: 3,
      lines: ['ERROR: The specified target system is currently running.'],
    });
  });

  it('creatediskimage userid vdev file --compression n: the file as a stream, then removed', async () => {
    recording('creatediskimage', 'printf IMAGEBYTES > "$3"');
    const out = await tools().mgmtFile('creatediskimage', {
      userid: 'L1',
      vdev: '0100',
      compression: '0',
    });
    expect(out).toBeInstanceOf(Readable);
    const chunks: Buffer[] = [];
    for await (const c of out as Readable) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('IMAGEBYTES');
    const args = argsOf('creatediskimage');
    expect([...args.slice(0, 2), ...args.slice(3)]).toEqual(['L1', '0100', '--compression', '0']);
    expect(readdirSync(staging)).toEqual([]);
  });

  it('creatediskimage failing: the reply, nothing left staged', async () => {
    tool(
      'creatediskimage',
      'echo "ERROR: The specified source system is currently running."; exit 3',
    );
    await expect(
      tools().mgmtFile('creatediskimage', { userid: 'L1', vdev: '0100', compression: '6' }),
    ).resolves.toEqual({
      rc: 3,
      lines: ['ERROR: The specified source system is currently running.'],
    });
    expect(readdirSync(staging)).toEqual([]);
  });

  it('refresh_bootmap --name=value…: its exit status and output, as the reference reads them', async () => {
    recording('refresh_bootmap', 'echo "Exit MSG: no path sees the LUN"; exit 10');
    const r = await tools().mgmt('refresh_bootmap', {
      fcpchannel: '1a00,1b00',
      wwpn: 'w1',
      lun: '0',
    });
    expect(r).toEqual({ rc: 10, lines: ['Exit MSG: no path sees the LUN'] });
    expect(argsOf('refresh_bootmap')).toEqual(['--fcpchannel=1a00,1b00', '--wwpn=w1', '--lun=0']);
  });

  it('disk images get the long timeout, commands the short one', async () => {
    tool('iucvclnt', 'sleep 1');
    tool('refresh_bootmap', 'sleep 1; echo done');
    const t = new ManagementTools({ dir, timeoutMs: 200, longTimeoutMs: 10_000, tmpDir: staging });
    const e = (await t
      .mgmt('execcmd', { userid: 'L', cmd: 'x' })
      .catch((x: unknown) => x)) as HvError;
    expect(e.overallRC).toBe(5);
    await expect(t.mgmt('refresh_bootmap', { lun: '0' })).resolves.toEqual({
      rc: 0,
      lines: ['done'],
    });
  });
});
