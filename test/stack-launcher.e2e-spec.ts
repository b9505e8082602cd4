import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILT_ENTRY, repoRoot } from '#config';
import { sparePort } from '#testing';
import { eventually, request } from './support/http.js';
import { bootDisk, disk, guestBody } from './support/fixtures.js';

interface Stack {
  proc: ChildProcess;
  base: string;
  output: () => string;
  dataDir: string;
}

/** Starts what `npm start` runs (dist/scripts/stack.js) on spare ports with its own data dir. */
async function startStack(root: string): Promise<Stack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hvo-stack-'));
  const [port, simPort] = [await sparePort(), await sparePort()];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    SIM_PORT: String(simPort),
    QUEUE_PREFIX: `s${randomBytes(4).toString('hex')}`,
  };
  delete env.DATABASE_URL; // the embedded default
  if (env.HV_TRANSPORT === 'smapi') {
    // `HV_TRANSPORT=smapi npm start` as the README gives it: the launcher opens the simulator's
    // wire port, writes the password file and points the tools at the simulator's executables;
    // only the port is chosen here (a spare one) and the resends kept short.
    for (const k of ['SMAPI_HOST', 'SMAPI_PORT', 'SMAPI_PASSWORD_FILE', 'HV_TOOLS_DIR'])
      delete env[k];
    Object.assign(env, {
      SIM_SMAPI_PORT: String(await sparePort()),
      SMAPI_RETRY_SCHEDULE_MS: '0,100,300',
    });
  }
  execFileSync(process.execPath, ['dist/scripts/migrate.js'], { cwd: root, env, stdio: 'pipe' });
  const proc = spawn(process.execPath, ['dist/scripts/stack.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (out += d.toString()));
  await eventually(
    () => {
      // a launcher that gave up (a child failed to start) says why in its output
      if (proc.exitCode !== null) throw new Error(`stack exited ${proc.exitCode}:\n${out}`);
      return Promise.resolve(/"msg":"ready: /.test(out) ? true : undefined);
    },
    40000,
    () => `stack ready:\n${out}`,
  );
  return { proc, base: `http://127.0.0.1:${port}`, output: () => out, dataDir };
}

async function stopStack(stack: Stack): Promise<void> {
  if (stack.proc.exitCode === null && stack.proc.signalCode === null) {
    stack.proc.kill('SIGTERM');
    // a launcher that does not stop (the defect this file guards against) must not hang the run
    const killer = setTimeout(() => stack.proc.kill('SIGKILL'), 15_000);
    await new Promise((r) => stack.proc.once('exit', r));
    clearTimeout(killer);
  }
  rmSync(stack.dataDir, { recursive: true, force: true });
}

/** The pid of the launcher's child running `script` (e.g. BUILT_ENTRY.worker). */
function childPid(parent: number, script: string): number {
  const rows = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(parent)], {
    encoding: 'utf8',
  });
  const row = rows.split('\n').find((l) => l.includes(script));
  if (!row) throw new Error(`no child running ${script} under ${parent}:\n${rows}`);
  return Number(row.trim().split(/\s+/)[0]);
}

/**
 * What `npm start` runs (dist/scripts/stack.js): simulator, worker and api as processes with
 * the embedded defaults (SQLite under DATA_DIR), driven over HTTP as the README shows.
 */
describe('npm start stack', () => {
  const root = repoRoot();
  let stack: Stack;
  let proc: ChildProcess;
  let base: string;

  beforeAll(async () => {
    stack = await startStack(root);
    ({ proc, base } = stack);
  });

  afterAll(() => stopStack(stack));

  it('serves the guest lifecycle of the README over HTTP', async () => {
    const admin = readFileSync(join(stack.dataDir, 'token.dat'), 'utf8').trim();
    const tok = await request(base, 'POST', '/token', { headers: { 'x-admin-token': admin } });
    const token = tok.headers.get('x-auth-token')!;
    const call = (method: string, path: string, opts: object = {}) =>
      request(base, method, path, { token, ...opts });

    const created = await call('POST', '/guests', {
      body: guestBody({ userid: 'DEMO01', memory: 1024, disks: [bootDisk('1g'), disk('2g')] }),
    });
    expect(created.status).toBe(200);
    expect(created.body.output.map((d: any) => d.vdev)).toEqual(['0100', '0101']);
    expect((await call('GET', '/guests/DEMO01/power_state')).body.output).toBe('off');
    expect(
      (await call('POST', '/guests/DEMO01/action', { body: { action: 'start' } })).status,
    ).toBe(200);
    expect((await call('GET', '/guests/DEMO01/power_state')).body.output).toBe('on');
    const stop = await call('POST', '/guests/DEMO01/action', {
      body: { action: 'stop' },
      headers: { prefer: 'respond-async' },
    });
    expect(stop.status).toBe(202);
    const op = await eventually(async () => {
      const r = await call('GET', stop.headers.get('location')!);
      return r.body.output.status === 'succeeded' ? r.body.output : undefined;
    });
    expect(op.response.overallRC).toBe(0);
    expect((await call('DELETE', '/guests/DEMO01')).status).toBe(200);
    expect((await call('GET', '/guests')).body.output).not.toContain('DEMO01');
  });

  it('stops every process on SIGTERM', async () => {
    proc.kill('SIGTERM');
    const code = await new Promise((r) => proc.once('exit', r));
    expect(code).toBe(0);
    await expect(fetch(`${base}/health/live`)).rejects.toThrow();
  });
});

describe('npm start stack, a child killed by a signal', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack(repoRoot());
  });

  afterAll(() => stopStack(stack));

  it('stops the stack and exits non-zero when the worker is killed with SIGKILL', async () => {
    process.kill(childPid(stack.proc.pid!, BUILT_ENTRY.worker), 'SIGKILL');
    const code = await new Promise((r) => stack.proc.once('exit', r));
    expect(code).toBe(1);
    expect(stack.output()).toContain('worker exited (SIGKILL)');
    await expect(fetch(`${stack.base}/health/live`)).rejects.toThrow();
  });
});

/**
 * `npm start | a-shipper` where the shipper stops reading: the launcher relays its children's
 * lines, and used to queue them in its own memory without bound (Node's stdout to a pipe) until
 * the reader came back. They now wait up to a megabyte like every process's, then are dropped
 * and counted, and a line says how many once the reader is back.
 */
describe('npm start stack while nobody reads its output', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack(repoRoot());
  });

  afterAll(() => stopStack(stack));

  it('drops and counts the lines past what may wait, and still stops on SIGTERM', async () => {
    const stdout = stack.proc.stdout!;
    const listeners = stdout.listeners('data') as ((d: Buffer) => void)[];
    stdout.removeAllListeners('data');
    stdout.pause();
    // a request line each (~300 bytes), relayed by the launcher: some 3 MB, past the megabyte
    for (let i = 0; i < 200; i++) {
      await Promise.all(
        Array.from({ length: 50 }, () => fetch(`${stack.base}/`).then((r) => r.text())),
      );
    }
    for (const l of listeners) stdout.on('data', l);
    stdout.resume();
    // each note comes before the first line that fits after a drop: the last once it is back
    const notes = () =>
      stack
        .output()
        .split('\n')
        .filter((l) => l.includes('"log lines dropped"'))
        .map((l) => JSON.parse(l) as { name: string; dropped_lines: number });
    const dropped = await eventually(async () => {
      await fetch(`${stack.base}/`).then((r) => r.text());
      const n = notes().reduce((sum, note) => sum + note.dropped_lines, 0);
      return n > 1000 ? n : undefined;
    });
    expect(new Set(notes().map((n) => n.name))).toEqual(new Set(['stack']));
    // some 10,000 lines relayed while stalled: about a megabyte's worth waited, the rest dropped
    expect(dropped).toBeLessThan(10_000);
    // what was relayed is whole lines, none cut where the drop began
    for (const line of stack.output().split('\n'))
      if (line) expect(() => JSON.parse(line)).not.toThrow();
    stack.proc.kill('SIGTERM');
    expect(await new Promise((r) => stack.proc.once('exit', r))).toBe(0);
  }, 90_000);
});
