import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HvError, HvNotReached } from '#envelope';
import { outputLines, runTool } from './tool.runner.js';

let dir: string;
/** A fake tool: a small shell script in the temp dir. */
const tool = (name: string, body: string): string => {
  const file = join(dir, name);
  writeFileSync(file, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  return file;
};

beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'tool-runner-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('runTool', () => {
  it('passes each value as one argument, whatever blanks, quotes or ; it holds', async () => {
    const file = tool('args', `for a in "$@"; do printf '[%s]\\n' "$a"; done`);
    const args = ['two words', `it's "quoted"`, 'a; rm -rf /tmp/x', '$(id)', '`id`', '*'];
    const r = await runTool({ file, args, timeoutMs: 5000 });
    expect(r.code).toBe(0);
    expect(outputLines(r.stdout)).toEqual(args.map((a) => `[${a}]`));
  });

  it('answers any exit status with stdout and stderr apart', async () => {
    const file = tool('fails', 'echo out; echo err >&2; exit 3');
    await expect(runTool({ file, args: [], timeoutMs: 5000 })).resolves.toEqual({
      code: 3,
      stdout: 'out\n',
      stderr: 'err\n',
      truncated: false,
    });
  });

  it('keeps at most the bound of each output and says it cut', async () => {
    const file = tool('chatty', 'i=0; while [ $i -lt 2000 ]; do echo 0123456789; i=$((i+1)); done');
    const r = await runTool({ file, args: [], timeoutMs: 5000, maxOutputBytes: 100 });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('0123456789\n'.repeat(10).slice(0, 100));
    expect(r.truncated).toBe(true);
  });

  it('a tool that overruns its timeout is killed: a timeout HvError', async () => {
    const file = tool('hangs', 'sleep 30');
    const e = await runTool({ file, args: [], timeoutMs: 200 }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(HvError);
    expect([(e as HvError).overallRC, (e as HvError).rs]).toEqual([5, 501]);
    expect((e as HvError).message).toMatch(/hangs ran past 200 ms/);
    expect(e).not.toBeInstanceOf(HvNotReached);
  });

  it('a tool that is not there: unreachable, not a crash', async () => {
    const e = await runTool({ file: join(dir, 'nope'), args: [], timeoutMs: 1000 }).catch(
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(HvError);
    expect([(e as HvError).rc, (e as HvError).rs]).toEqual([99, 305]);
    // it never ran: nothing of its call reached the hypervisor
    expect(e).toBeInstanceOf(HvNotReached);
  });
});
