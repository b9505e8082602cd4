import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { LINUX01, startHarness, type Harness } from '../testing/simulator.harness.js';
import { capturedTool, type ToolOutput } from '../testing/tool-output.js';
import { isLoopbackPeer } from '../http/tool-host.routes.js';
import { runTool, TOOL_KILLED, TOOL_NOT_REACHED } from './tool.table.js';

const BIN = resolve(import.meta.dirname, '../../bin');

/**
 * bin/<tool> as the service runs it: its own process, the simulator's address in its env; with
 * NODE_OPTIONS that no node process would start with, so a tool that ran as one fails.
 */
function forwarded(
  tool: string,
  args: string[],
  url: string,
  cwd = tmpdir(),
): Promise<ToolOutput | (Omit<ToolOutput, 'code'> & { code: null; signal: string })> {
  return new Promise((done) => {
    const env = { PATH: process.env.PATH, HV_SIMULATOR_URL: url, NODE_OPTIONS: '--no-such-flag' };
    execFile(join(BIN, tool), args, { env, cwd }, (e, out, err) =>
      done(
        e?.signal
          ? { code: null, signal: e.signal, out, err }
          : { code: e ? Number(e.code) : 0, out, err },
      ),
    );
  });
}

/** The same tool run in this process, as bin/<tool> runs it where the simulator is elsewhere. */
const inProcess = (tool: string, args: string[]) => capturedTool(() => runTool(tool, args));

describe('bin/<tool>: the tool runs inside a simulator on this machine, as it would alone', () => {
  let h: Harness;
  let dir: string;
  beforeAll(async () => {
    h = await startHarness();
    process.env.HV_SIMULATOR_URL = h.url;
    dir = mkdtempSync(join(tmpdir(), 'hv-forward-'));
    await h.smapi('Image_Create_DM', 'LINUX01', { directory: LINUX01 });
    await h.smapi('Image_Activate', 'LINUX01');
  });
  afterAll(async () => {
    delete process.env.HV_SIMULATOR_URL;
    rmSync(dir, { recursive: true, force: true });
    await h.close();
  });

  it.each([
    ['vmcp', ['QUERY', 'USERID']],
    ['vmcp', ['QUERY', 'NOSUCH']], // CP rc 3: exit 1, the message on stderr
    ['vmcp', ['MSG', '*', 'ä€ "quoted" \\ back', 'two  spaces']], // bytes, not characters
    ['vmcp', []], // exit 4, usage
    ['iucvclnt', ['LINUX01']], // exit 2, usage
    ['vmur', ['list']],
    ['lschp', []],
    ['zhypinfo', ['-j']],
  ])('%s %j: exit status, stdout and stderr as the tool in its own process', async (tool, args) => {
    const alone = await inProcess(tool, args);
    expect(await forwarded(tool, args, h.url)).toEqual(alone);
  });

  it('records the call as made by the tool, and reads a file relative to where it was run', async () => {
    writeFileSync(join(dir, 'card.txt'), 'PUNCHED\n');
    const since = h.sim.calls.lastSeq;
    const r = await forwarded(
      'vmur',
      ['punch', '-r', '-u', 'LINUX01', '-N', 'card', 'card.txt'],
      h.url,
      dir,
    );
    expect(r).toEqual({
      code: 0,
      out: expect.stringMatching(
        /^Reader file with spoolid \d{4} created and transferred to LINUX01\.\n$/,
      ),
      err: '',
    });
    expect(h.sim.calls.since(since).map((c) => [c.via, c.tool, c.function])).toEqual([
      ['tool', 'vmur', 'punch'],
    ]);
  });

  it('a simulator not reached: exit 75 (nothing sent), as the tool fails alone', async () => {
    const r = await forwarded('vmcp', ['QUERY', 'USERID'], 'http://127.0.0.1:1');
    expect(r.code).toBe(TOOL_NOT_REACHED);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/^Error: simulator unreachable/);
  });

  it('a call lost once sent (HTTP 5xx): the tool is killed, alone or forwarded', async () => {
    writeFileSync(join(dir, 'lost.txt'), 'LOST\n');
    const args = ['punch', '-r', '-u', 'LINUX01', '-N', 'lost', 'lost.txt'];
    h.sim.faults.add({ function: 'punch', target: 'LINUX01', crash: 'http500', times: 2 });
    const alone = await inProcess('vmur', [...args.slice(0, -1), join(dir, 'lost.txt')]);
    expect(alone.code).toBe(TOOL_KILLED);
    const r = await forwarded('vmur', args, h.url, dir);
    expect([r.code, 'signal' in r && r.signal]).toEqual([null, 'SIGKILL']);
    expect(r.err).toMatch(/HTTP 500/);
  });

  it('takes tool runs from this machine only', () => {
    expect(['127.0.0.1', '::1', '::ffff:127.0.0.1'].map(isLoopbackPeer)).toEqual([
      true,
      true,
      true,
    ]);
    expect(['10.0.0.5', '::ffff:10.0.0.5', '', undefined].map(isLoopbackPeer)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('the tool host takes only a local simulator and a well-formed request', async () => {
    const post = async (body: string) => {
      const res = await fetch(`${h.url}/tools/run`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body,
      });
      return {
        statusCode: res.status,
        headers: { 'x-tool-exit': res.headers.get('x-tool-exit') },
        body: await res.text(),
      };
    };
    expect((await post('vmcp\0/\0http://10.0.0.1:80\0QUERY\0')).statusCode).toBe(400);
    expect((await post('vmcp\0relative\0http://127.0.0.1:1\0')).statusCode).toBe(400);
    expect((await post('x'.repeat(1024 * 1024 + 1))).statusCode).toBe(413);
    const unknown = await post('nosuch\0/\0http://127.0.0.1:1\0');
    expect([unknown.statusCode, unknown.headers['x-tool-exit'], unknown.body]).toEqual([
      200,
      '2',
      'unknown tool nosuch\n',
    ]);
  });
});
