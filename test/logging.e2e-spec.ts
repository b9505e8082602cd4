import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '#config';
import { sparePort } from '#testing';
import { eventually, request } from './support/http.js';
import { bootDisk, guestBody } from './support/fixtures.js';

type Line = Record<string, any>;

/**
 * Issue #26, structured logs, as an operator reads them: the whole `npm start` stack (launcher,
 * simulator, worker, api as processes, output captured through a pipe as a service manager
 * would) is used with an auth token, the admin token (POST /token and the dashboard's basic
 * auth), a password in a guest create and a URL with credentials. Every line of every process
 * is then one JSON object without an ANSI escape code, none holds any of those secrets, and one
 * deploy's X-Request-Id ties the api's request line, the worker's lines and the operation.
 */
describe('structured logs of every process (npm start stack)', () => {
  const root = repoRoot();
  let dataDir: string;
  let proc: ChildProcess;
  let base: string;
  let out = '';
  let images: Server;
  const secrets: Record<string, string> = {};

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'hvo-logs-'));
    const [port, simPort] = [await sparePort(), await sparePort()];
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      SIM_PORT: String(simPort),
      QUEUE_PREFIX: `l${randomBytes(4).toString('hex')}`,
      LOG_LEVEL: 'debug', // the hypervisor-call lines too
      IMAGE_IMPORT_HOSTS: '127.0.0.1',
    };
    delete env.DATABASE_URL;
    delete env.LOG_FORMAT;
    if (env.HV_TRANSPORT === 'smapi') {
      for (const k of ['SMAPI_HOST', 'SMAPI_PORT', 'SMAPI_PASSWORD_FILE', 'HV_TOOLS_DIR'])
        delete env[k];
      Object.assign(env, { SIM_SMAPI_PORT: String(await sparePort()) });
      env.SMAPI_RETRY_SCHEDULE_MS = '0,100,300';
    }
    execFileSync(process.execPath, ['dist/scripts/migrate.js'], { cwd: root, env, stdio: 'pipe' });
    proc = spawn(process.execPath, ['dist/scripts/stack.js'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    await eventually(
      () => {
        // a launcher that gave up (a child failed to start) says why in its output
        if (proc.exitCode !== null) throw new Error(`stack exited ${proc.exitCode}:\n${out}`);
        return Promise.resolve(/"msg":"ready: /.test(out) ? true : undefined);
      },
      60000,
      () => `stack ready:\n${out}`,
    );
    base = `http://127.0.0.1:${port}`;
    images = createServer((_req, res) => res.writeHead(404).end()).listen(0, '127.0.0.1');
    await new Promise((r) => images.once('listening', r));
  }, 90_000);

  afterAll(async () => {
    images?.close();
    if (proc.exitCode === null && proc.signalCode === null) {
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  const lines = (): Line[] =>
    out
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => {
        try {
          return JSON.parse(l) as Line;
        } catch {
          throw new Error(`not a JSON line: ${l}`);
        }
      });

  it('uses every kind of secret, then follows one deploy by its request id', async () => {
    secrets.admin = readFileSync(join(dataDir, 'token.dat'), 'utf8').trim();
    const tok = await request(base, 'POST', '/token', {
      headers: { 'x-admin-token': secrets.admin },
    });
    secrets.token = tok.headers.get('x-auth-token')!;
    const call = (method: string, path: string, opts: object = {}) =>
      request(base, method, path, { token: secrets.token, ...opts });

    // the dashboard with the admin token as basic auth password
    secrets.basic = Buffer.from(`ops:${secrets.admin}`).toString('base64');
    const board = await request(base, 'GET', '/admin/queues', {
      headers: { authorization: `Basic ${secrets.basic}` },
    });
    expect(board.status).toBe(200);

    // a password in a guest create (whatever the service makes of it)
    secrets.password = `pw${randomBytes(6).toString('hex')}`;
    const created = await call('POST', '/guests', {
      body: guestBody({
        userid: 'LOGS01',
        memory: 1024,
        password: secrets.password,
        disks: [bootDisk('10')],
      }),
    });
    expect([200, 400]).toContain(created.status);
    if (created.status === 400) {
      const plain = await call('POST', '/guests', {
        body: guestBody({ userid: 'LOGS01', memory: 1024, disks: [bootDisk('10')] }),
      });
      expect(plain.status).toBe(200);
    }

    // a URL with credentials (the import fails: the server answers 404)
    secrets.urlPassword = `url${randomBytes(6).toString('hex')}`;
    const { port } = images.address() as AddressInfo;
    const imported = await call('POST', '/images', {
      body: {
        image: {
          image_name: 'logs-img',
          url: `http://alice:${secrets.urlPassword}@127.0.0.1:${port}/x.img`,
          image_meta: { os_version: 'rhel9.0' },
        },
      },
    });
    expect(imported.status).toBe(500);

    // one deploy, followed by the client's request id
    const deploy = await call('POST', '/guests/LOGS01/action', {
      body: { action: 'deploy', image: 'sample-rhel9' },
      headers: { 'x-request-id': 'logs-e2e-deploy-1', prefer: 'respond-async' },
    });
    expect(deploy.status).toBe(202);
    expect(deploy.headers.get('x-request-id')).toBe('logs-e2e-deploy-1');
    const op = await eventually(async () => {
      const r = await call('GET', deploy.headers.get('location')!);
      return r.body.output.status === 'succeeded' ? r.body.output : undefined;
    }, 30000);
    expect(op.request_id).toBe('logs-e2e-deploy-1');

    // the worker's last lines of the operation may still be on their way through the pipes
    const ofDeploy = await eventually(() => {
      const mine = lines().filter((l) => l.request_id === 'logs-e2e-deploy-1');
      return Promise.resolve(
        mine.some((l) => l.name === 'worker' && l.msg === 'operation ended') ? mine : undefined,
      );
    }, 10000);
    const request_ = ofDeploy.find((l) => l.name === 'api' && l.msg === 'request');
    expect(request_).toMatchObject({
      level: 'info',
      method: 'POST',
      route: '/guests/:userid/action',
      status: 202,
      client_address: '127.0.0.1',
      operation_id: op.id,
    });
    expect(request_!.who).toMatch(/^token:[0-9a-f]{12}$/);
    expect(typeof request_!.duration_ms).toBe('number');
    const worker = ofDeploy.filter((l) => l.name === 'worker');
    expect(worker.every((l) => l.operation_id === op.id)).toBe(true);
    const msgs = worker.map((l) => l.msg);
    expect(msgs).toEqual(
      expect.arrayContaining(['operation running', 'step ended', 'operation ended']),
    );
    const step = worker.find((l) => l.msg === 'step ended')!;
    expect(step).toMatchObject({
      kind: 'guest.deploy',
      userid: 'LOGS01',
      attempt: 1,
      result: 'ok',
    });
    expect(typeof step.duration_ms).toBe('number');
    const call_ = worker.find((l) => l.msg === 'hypervisor call');
    expect(call_).toMatchObject({ level: 'debug', operation_id: op.id });
    expect(call_!.function ?? call_!.command).toBeDefined();
    expect(typeof call_!.ms).toBe('number');
  });

  it('writes one JSON object per line in every process, none with an ANSI escape code', () => {
    expect(out.includes('\u001b[')).toBe(false);
    const names = new Set(lines().map((l) => l.name));
    expect([...names].sort()).toEqual(['api', 'hv-simulator', 'stack', 'worker']);
  });

  it('never writes the tokens, the admin token, the password or URL credentials', () => {
    expect(Object.keys(secrets)).toHaveLength(5);
    for (const [what, secret] of Object.entries(secrets)) {
      if (out.includes(secret)) throw new Error(`the ${what} is in the output`);
    }
  });
});
