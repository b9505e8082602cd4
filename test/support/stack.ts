import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { type Config, loadConfig, repoRoot } from '#config';
import { createApi } from '../../apps/api/src/create-api.js';
import { createSimulator, type Simulator } from '../../apps/hv-simulator/src/index.js';
import { createWorker } from '../../apps/worker/src/create-worker.js';
import { type HttpResult, type RequestOptions, request } from './http.js';
import { createTestDatabase } from './test-database.js';

export type WorkerMode = 'in-process' | 'process' | 'none';

export interface StackOptions {
  worker?: WorkerMode;
  /** Extra settings, as environment variables. */
  env?: Record<string, string>;
}

/**
 * A whole stack for one test file: its own simulator (state in a temp dir), database, queue
 * prefix and api on loopback ports; a worker in-process, as its own process, or none.
 */
export class TestStack {
  private worker?: INestApplicationContext;
  private workerProc?: ChildProcess;
  private cachedToken?: string;

  private constructor(
    readonly config: Config,
    readonly url: string,
    readonly simulator: Simulator,
    readonly simUrl: string,
    private readonly api: NestFastifyApplication,
    private readonly dropDb: () => Promise<void>,
    private readonly env: Record<string, string>,
  ) {}

  static async start(opts: StackOptions = {}): Promise<TestStack> {
    const dataDir = mkdtempSync(join(tmpdir(), 'hvo-e2e-'));
    const db = await createTestDatabase();
    const simulator = await createSimulator({ stateDir: join(dataDir, 'sim'), latencyProfile: 'fast' });
    const simUrl = await simulator.app.listen({ port: 0, host: '127.0.0.1' });
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      DATABASE_URL: db.url,
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      QUEUE_PREFIX: `t${randomBytes(5).toString('hex')}`,
      HV_SIMULATOR_URL: simUrl,
      PORT: '0',
      LOG_LEVEL: 'warn',
      WAIT_POLL_MS: '500',
      ...opts.env,
    };
    const config = loadConfig(env);
    const api = await createApi(config);
    await api.listen({ port: 0, host: '127.0.0.1' });
    const url = await api.getUrl();
    const stack = new TestStack(config, url.replace('[::1]', '127.0.0.1'), simulator, simUrl, api, db.drop, env);
    const mode = opts.worker ?? 'in-process';
    if (mode === 'in-process') await stack.startWorker();
    if (mode === 'process') await stack.startWorkerProcess();
    return stack;
  }

  get adminToken(): string {
    return readFileSync(this.config.TOKEN_PATH, 'utf8').trim();
  }

  /** A valid auth token (fetched once through POST /token). */
  async token(): Promise<string> {
    if (this.cachedToken) return this.cachedToken;
    const res = await request(this.url, 'POST', '/token', { headers: { 'x-admin-token': this.adminToken } });
    const token = res.headers.get('x-auth-token');
    if (res.status !== 200 || !token) throw new Error(`POST /token answered ${res.status}`);
    return (this.cachedToken = token);
  }

  /** A request with a valid token unless `token` is given (null: none). */
  async http(method: string, path: string, opts: RequestOptions = {}): Promise<HttpResult> {
    const token = opts.token === undefined ? await this.token() : opts.token;
    return request(this.url, method, path, { ...opts, token });
  }

  async startWorker(): Promise<void> {
    this.worker ??= await createWorker(this.config);
  }

  async stopWorker(): Promise<void> {
    await this.worker?.close();
    this.worker = undefined;
  }

  /** The built worker (dist/) as its own process, as production runs it. */
  async startWorkerProcess(): Promise<ChildProcess> {
    const root = repoRoot();
    const proc = spawn(process.execPath, [join(root, 'dist/apps/worker/src/main.js')], {
      cwd: root,
      env: { ...process.env, ...this.env, LOG_LEVEL: 'log' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`worker did not start:\n${out}`)), 20000);
      const check = setInterval(() => {
        if (out.includes('consuming')) {
          clearInterval(check);
          clearTimeout(timer);
          resolve();
        }
      }, 50);
      proc.once('exit', (code) => {
        clearInterval(check);
        clearTimeout(timer);
        reject(new Error(`worker exited ${code}:\n${out}`));
      });
    });
    this.workerProc = proc;
    return proc;
  }

  /** Stops the worker process with SIGTERM and resolves with its exit code. */
  async stopWorkerProcess(): Promise<number | null> {
    const proc = this.workerProc;
    if (!proc || proc.exitCode !== null) return proc?.exitCode ?? null;
    this.workerProc = undefined;
    proc.kill('SIGTERM');
    return new Promise((r) => proc.once('exit', (code) => r(code)));
  }

  async close(): Promise<void> {
    await this.stopWorkerProcess();
    await this.stopWorker();
    await this.api.close();
    await this.simulator.close();
    await this.dropDb();
    rmSync(this.config.DATA_DIR, { recursive: true, force: true });
  }
}
