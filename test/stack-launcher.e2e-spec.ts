import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '#config';
import { eventually, request } from './support/http.js';

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

/**
 * What `npm start` runs (dist/scripts/stack.js): simulator, worker and api as processes with
 * the embedded defaults (SQLite under DATA_DIR), driven over HTTP as the README shows.
 */
describe('npm start stack', () => {
  const root = repoRoot();
  let proc: ChildProcess;
  let dataDir: string;
  let base: string;
  let out = '';

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'hvo-stack-'));
    const [port, simPort] = [await freePort(), await freePort()];
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      SIM_PORT: String(simPort),
      QUEUE_PREFIX: `s${randomBytes(4).toString('hex')}`,
    };
    delete env.DATABASE_URL; // the embedded default
    execFileSync(process.execPath, ['dist/scripts/migrate.js'], { cwd: root, env, stdio: 'pipe' });
    proc = spawn(process.execPath, ['dist/scripts/stack.js'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    base = `http://127.0.0.1:${port}`;
    await eventually(
      () => Promise.resolve(out.includes('[stack] ready') ? true : undefined),
      40000,
      `stack ready:\n${out}`,
    );
  });

  afterAll(async () => {
    if (proc.exitCode === null) {
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the guest lifecycle of the README over HTTP', async () => {
    const admin = readFileSync(join(dataDir, 'token.dat'), 'utf8').trim();
    const tok = await request(base, 'POST', '/token', { headers: { 'x-admin-token': admin } });
    const token = tok.headers.get('x-auth-token')!;
    const call = (method: string, path: string, opts: object = {}) =>
      request(base, method, path, { token, ...opts });

    const created = await call('POST', '/guests', {
      body: {
        guest: {
          userid: 'DEMO01',
          vcpus: 1,
          memory: 1024,
          disk_list: [{ size: '1g', is_boot_disk: true }, { size: '2g' }],
        },
      },
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
