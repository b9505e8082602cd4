import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '#config';
import { sparePort } from '#testing';
import { eventually, request } from './support/http.js';

/**
 * Ctrl-C on `npm start`: the terminal signals the whole process group — launcher, its Redis,
 * simulator, api and worker — at once. Each must stop within 10 s without a flood of Redis
 * errors, and an operation running at that moment must finish after the next start.
 */

interface Launched {
  proc: ChildProcess;
  output: () => string;
  /** Resolves once the launcher's stdout and stderr have ended: all it wrote is in output(). */
  ended: Promise<void>;
}

const root = repoRoot();
const STOP_BUDGET_MS = 10_000;
/** A handful: a line for each connection lost, none per reconnection attempt. */
const MAX_ERROR_LINES = 12;

/** The settings of one stack, kept across its restart: same data, ports, Redis and queues. */
async function stackEnv(): Promise<NodeJS.ProcessEnv> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'hvo-stop-')),
    PORT: String(await sparePort()),
    SIM_PORT: String(await sparePort()),
    // nothing answers there: the launcher starts its own Redis, in the process group
    REDIS_URL: `redis://127.0.0.1:${await sparePort()}`,
    QUEUE_PREFIX: `t${randomBytes(4).toString('hex')}`,
    // a job whose worker vanished is taken up again soon after the next start
    WORKER_LOCK_S: '2',
  };
  delete env.DATABASE_URL; // the embedded default (SQLite under DATA_DIR)
  if (env.HV_TRANSPORT === 'smapi') {
    for (const k of ['SMAPI_HOST', 'SMAPI_PORT', 'SMAPI_PASSWORD_FILE', 'HV_TOOLS_DIR'])
      delete env[k];
    env.SIM_SMAPI_PORT = String(await sparePort());
  }
  return env;
}

/** `npm start` as a terminal runs it: the leader of its own process group. */
async function launch(env: NodeJS.ProcessEnv): Promise<Launched> {
  execFileSync(process.execPath, ['dist/scripts/migrate.js'], { cwd: root, env, stdio: 'pipe' });
  const proc = spawn(process.execPath, ['dist/scripts/stack.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const ended = Promise.all(
    [proc.stdout, proc.stderr].map((s) => new Promise((r) => s.once('close', r))),
  ).then(() => undefined);
  await eventually(
    () => {
      if (proc.exitCode !== null) throw new Error(`stack exited ${proc.exitCode}:\n${out}`);
      return Promise.resolve(/"msg":"ready: /.test(out) ? true : undefined);
    },
    40_000,
    () => `stack ready:\n${out}`,
  );
  return { proc, output: () => out, ended };
}

/** The processes of a group still alive (zombies are gone: only their exit is left to read). */
function groupMembers(pgid: number): string[] {
  const rows = execFileSync('ps', ['-eo', 'pid=,pgid=,stat=,args='], { encoding: 'utf8' });
  return rows
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .filter((c) => Number(c[1]) === pgid && !c[2]?.startsWith('Z'))
    .map((c) => `${c[0]} ${c.slice(3).join(' ')}`);
}

/** Waits until the group is empty; ms taken, or throws naming who is left. */
async function groupGone(pgid: number, ms: number): Promise<number> {
  const t0 = Date.now();
  for (;;) {
    const left = groupMembers(pgid);
    if (left.length === 0) return Date.now() - t0;
    if (Date.now() - t0 > ms) throw new Error(`still running after ${ms} ms:\n${left.join('\n')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Lines that report an error: level error or fatal, or a Redis connection failure anywhere. */
function errorLines(out: string): string[] {
  return out
    .split('\n')
    .filter((l) => /"level":(50|60)\b|ECONNREFUSED|ECONNRESET|Connection is closed/.test(l));
}

/** Leaves nothing behind if a test failed part-way. */
function killGroup(pgid: number): void {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    /* already gone */
  }
}

async function tokenFor(base: string, dataDir: string): Promise<string> {
  const admin = readFileSync(join(dataDir, 'token.dat'), 'utf8').trim();
  const tok = await request(base, 'POST', '/token', { headers: { 'x-admin-token': admin } });
  return tok.headers.get('x-auth-token')!;
}

/**
 * Starts a stack, has a guest start running (held in the simulator), then `signal` reaches
 * the processes as `send` sends it; asserts the clean stop, then the operation's end after a
 * restart.
 */
async function stopWhileRunning(
  userid: string,
  send: (pgid: number, launched: Launched, simUrl: string) => Promise<void>,
  fault: object = { hold: true },
  /** More to assert of the lines written from the signal on. */
  check: (stopLines: string) => void = () => undefined,
): Promise<void> {
  const env = await stackEnv();
  const base = `http://127.0.0.1:${env.PORT}`;
  const simUrl = `http://127.0.0.1:${env.SIM_PORT}`;
  let first: Launched | undefined;
  let second: Launched | undefined;
  try {
    first = await launch(env);
    const pgid = first.proc.pid!;
    let token = await tokenFor(base, env.DATA_DIR!);
    const created = await request(base, 'POST', '/guests', {
      token,
      body: { guest: { userid, vcpus: 1, memory: 512 } },
    });
    expect(created.status).toBe(200);
    // the start's activation waits in the simulator (held: until the simulator stops)
    await request(simUrl, 'POST', '/admin/faults', {
      body: { function: 'Image_Activate', target: userid, ...fault },
    });
    const start = await request(base, 'POST', `/guests/${userid}/action`, {
      token,
      body: { action: 'start' },
      headers: { prefer: 'respond-async' },
    });
    expect(start.status).toBe(202);
    const location = start.headers.get('location')!;
    await eventually(async () => {
      const r = await request(base, 'GET', location, { token });
      return r.body.output.status === 'running' ? true : undefined;
    });
    const before = first.output().length;

    await send(pgid, first, simUrl);
    const took = await groupGone(pgid, STOP_BUDGET_MS).catch((e: Error) => {
      throw new Error(`${e.message}\noutput since the signal:\n${first!.output().slice(before)}`);
    });
    expect(took).toBeLessThan(STOP_BUDGET_MS);
    // the group is gone, but the launcher's last lines may still wait in the pipes unread
    await first.ended;
    const stopLines = first.output().slice(before);
    // a line per lost connection at most, never one per reconnection attempt
    const errors = errorLines(stopLines);
    if (errors.length > MAX_ERROR_LINES)
      throw new Error(`${errors.length} error lines at the stop:\n${errors.join('\n')}`);
    check(stopLines);

    second = await launch(env);
    token = await tokenFor(base, env.DATA_DIR!);
    const op = await eventually(
      async () => {
        const r = await request(base, 'GET', location, { token });
        return ['succeeded', 'failed'].includes(r.body.output.status) ? r.body.output : undefined;
      },
      30_000,
      () => `the operation's end after the restart:\n${second!.output()}`,
    );
    expect(op.status).toBe('succeeded');
    const state = await request(base, 'GET', `/guests/${userid}/power_state`, { token });
    expect(state.body.output).toBe('on');
    process.kill(-second.proc.pid!, 'SIGTERM');
    await groupGone(second.proc.pid!, STOP_BUDGET_MS);
  } finally {
    if (first) killGroup(first.proc.pid!);
    if (second) killGroup(second.proc.pid!);
    rmSync(env.DATA_DIR!, { recursive: true, force: true });
  }
}

describe('npm start stopped with an operation running', () => {
  it(
    'stops every process within 10 s on SIGTERM to the group; the operation ends after a restart',
    () =>
      stopWhileRunning('STOP01', (pgid) => {
        process.kill(-pgid, 'SIGTERM');
        return Promise.resolve();
      }),
    120_000,
  );

  it(
    'does so on Ctrl-C (SIGINT to the group)',
    () =>
      stopWhileRunning('STOP02', (pgid) => {
        process.kill(-pgid, 'SIGINT');
        return Promise.resolve();
      }),
    120_000,
  );

  it(
    'does so when Redis is signalled first and the rest a moment later',
    () =>
      stopWhileRunning('STOP03', async (pgid) => {
        const redis = groupMembers(pgid).find((p) => p.includes('redis-server'))!;
        process.kill(Number(redis.split(' ')[0]), 'SIGTERM');
        await new Promise((r) => setTimeout(r, 1000));
        process.kill(-pgid, 'SIGTERM');
      }),
    120_000,
  );

  // as systemd or `kill <pid>` stops it: the launcher stops its children in order, the
  // worker first finishing its running operation (which the simulator holds until the worker
  // has been told to stop: a fixed delay ran out first on a loaded machine)
  it(
    'stops in order on SIGTERM to the launcher alone',
    () =>
      stopWhileRunning(
        'STOP04',
        async (pgid, launched, simUrl) => {
          const from = launched.output().length;
          process.kill(pgid, 'SIGTERM');
          await eventually(
            () =>
              Promise.resolve(
                /SIGTERM: finishing running operations/.test(launched.output().slice(from))
                  ? true
                  : undefined,
              ),
            10_000,
            'the worker told to stop',
          );
          await request(simUrl, 'POST', '/admin/faults/release');
        },
        { hold: true },
        (lines) => {
          // each stops once the one before is gone: the worker (its operation done), the api,
          // the simulator, Redis
          const at = (re: RegExp) => lines.split('\n').findIndex((l) => re.test(l));
          const order = [
            at(/"name":"worker".*"msg":"SIGTERM: finishing running operations/),
            at(
              /"kind":"guest.start","userid":"STOP04".*"status":"succeeded".*"msg":"operation ended"/,
            ),
            at(/"name":"api".*"msg":"SIGTERM: closing/),
            at(/"name":"hv-simulator".*"msg":"SIGTERM: closing"/),
            at(/"process":"redis".*Received SIGTERM/),
          ];
          expect(order.every((i) => i >= 0)).toBe(true);
          expect([...order].sort((a, b) => a - b)).toEqual(order);
        },
      ),
    120_000,
  );
});
