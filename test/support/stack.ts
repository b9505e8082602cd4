import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import type { Config } from '#config';
import type { Simulator } from '../../apps/hv-simulator/src/index.js';
import { type E2eGraph, e2eGraph } from './e2e-graph.js';
import { eventually, type HttpResult, type RequestOptions, request } from './http.js';
import type { Proc } from '#testing';
import { createTestDatabase } from './test-database.js';

export type WorkerMode = 'in-process' | 'process' | 'none';

export interface StackOptions {
  worker?: WorkerMode;
  /** Extra settings, as environment variables. */
  env?: Record<string, string>;
  /**
   * How the api and workers reach the simulator: `smapi` sends the functions over its wire
   * front door and CP and management calls through its tools (apps/hv-simulator/bin).
   * Default: HV_TRANSPORT of the test run.
   */
  transport?: 'simulator' | 'smapi';
  /** The simulator's latency profile (default `fast`): `realistic` for calls of seconds. */
  latency?: 'fast' | 'realistic';
}

/** The test run's HV_TRANSPORT (e.g. `HV_TRANSPORT=smapi npm test -- test/x`). */
const defaultTransport = (): 'simulator' | 'smapi' =>
  process.env.HV_TRANSPORT === 'smapi' ? 'smapi' : 'simulator';

/** What the simulator's wire port accepts, and the stack is configured with. */
const WIRE_CREDENTIALS = { userid: 'HVSIMMGR', password: 'e2e-pw' };

/** Settings of HV_TRANSPORT=smapi against the simulator's wire port (password file 0600). */
function wireSettings(
  graph: E2eGraph,
  sim: Simulator,
  dataDir: string,
  port: number,
): Record<string, string> {
  const passwordFile = join(dataDir, 'smapi.pw');
  writeFileSync(passwordFile, `${WIRE_CREDENTIALS.password}\n`, { mode: 0o600 });
  // the management guest's machine description, as the simulated machine shows it
  const sysinfo = join(dataDir, 'sysinfo');
  writeFileSync(sysinfo, graph.sysinfoText(sim.state.systemId));
  return {
    HV_TRANSPORT: 'smapi',
    SMAPI_HOST: '127.0.0.1',
    SMAPI_PORT: String(port),
    SMAPI_USER: WIRE_CREDENTIALS.userid,
    SMAPI_PASSWORD_FILE: passwordFile,
    HV_SYSINFO_PATH: sysinfo,
    // The reference's ~100 s of resends would outlast the tests' outages and their timeouts;
    // the operations' own outage budget still retries beyond these few quick attempts.
    SMAPI_RETRY_SCHEDULE_MS: '0,100,300',
    // the time a step stays in doubt follows from these (and HV_CALL_TIMEOUT_S): short in tests
    SMAPI_CONNECT_TIMEOUT_S: '2',
    SMAPI_READ_TIMEOUT_S: '10',
    SMAPI_LONG_READ_TIMEOUT_S: '10',
    HV_DISK_IMAGE_TIMEOUT_S: '30',
    // CP and management-guest calls through the simulator's vmcp, vmur, … (built into dist/)
    HV_TOOLS_DIR: join(graph.repoRoot(), 'apps/hv-simulator/bin'),
  };
}

/**
 * A whole stack for one test file: its own simulator (state in a temp dir), database and queue
 * prefix; the built api as its own process on a loopback port; a worker in this process, as
 * its own process, or none.
 */
export class TestStack {
  private worker?: INestApplicationContext;
  private workerProc?: Proc;
  /** The last worker process stopped: its output stays readable (a failed test shows it). */
  private stoppedWorkerProc?: Proc;
  private cachedToken?: string;
  /** The simulator's latency profile, kept across restartSimulator. */
  private latency: 'fast' | 'realistic' = 'fast';

  private constructor(
    readonly config: Config,
    readonly url: string,
    /** Replaced by restartSimulator. */
    public simulator: Simulator,
    readonly simUrl: string,
    /** Replaced by restartApi. */
    private api: Proc,
    private readonly dropDb: () => Promise<void>,
    /** The settings the api and workers run with. */
    readonly env: Record<string, string>,
    private readonly graph: E2eGraph,
  ) {}

  static async start(opts: StackOptions = {}): Promise<TestStack> {
    const dataDir = mkdtempSync(join(tmpdir(), 'hvo-e2e-'));
    const graph = await e2eGraph();
    const db = await createTestDatabase();
    const latency = opts.latency ?? 'fast';
    const simulator = await graph.createSimulator({
      stateDir: join(dataDir, 'sim'),
      latencyProfile: latency,
      wireCredentials: WIRE_CREDENTIALS,
    });
    const simUrl = await simulator.app.listen({ port: 0, host: '127.0.0.1' });
    const transport = opts.transport ?? defaultTransport();
    const wire =
      transport === 'smapi'
        ? wireSettings(graph, simulator, dataDir, await simulator.wire.listen(0, '127.0.0.1'))
        : { HV_TRANSPORT: 'simulator' };
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      DATABASE_URL: db.url,
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      QUEUE_PREFIX: `t${randomBytes(5).toString('hex')}`,
      HV_SIMULATOR_URL: simUrl,
      PORT: '0',
      LOG_LEVEL: 'log',
      WAIT_POLL_MS: '500',
      // A step whose call may have reached the hypervisor is in doubt as long as such a call can
      // still land, which follows from the call timeout: short here, so a lost call is waited
      // out in seconds (tests hold calls for up to 6 s).
      HV_CALL_TIMEOUT_S: '10',
      // the tests' image servers listen on loopback, which imports may not reach by default
      IMAGE_IMPORT_HOSTS: '127.0.0.1',
      ...wire,
      ...opts.env,
    };
    const config = graph.loadConfig(env);
    const api = await graph.startProcess(
      graph.BUILT_ENTRY.api,
      { ...process.env, ...env },
      /api listening on (http:\/\/[\w.:[\]-]+)/,
    );
    const stack = new TestStack(config, api.match[1], simulator, simUrl, api, db.drop, env, graph);
    stack.latency = latency;
    const mode = opts.worker ?? 'in-process';
    if (mode === 'in-process') await stack.startWorker();
    if (mode === 'process') await stack.startWorkerProcess();
    return stack;
  }

  get adminToken(): string {
    return readFileSync(this.config.TOKEN_PATH, 'utf8').trim();
  }

  /** Everything the api process printed (for diagnosing a failure). */
  apiOutput(): string {
    return this.api.output();
  }

  /** Everything the worker process printed (worker mode 'process'), or the last one stopped. */
  workerOutput(): string {
    return (this.workerProc ?? this.stoppedWorkerProc)?.output() ?? '';
  }

  /**
   * The api's or worker's output once it holds every one of `texts`: a process writes its lines
   * up to 20 ms after logging them (libs/logging gathers them), so a line about what just
   * happened may not be there yet.
   */
  async outputWith(which: 'api' | 'worker', ...texts: string[]): Promise<string> {
    const out = () => (which === 'api' ? this.apiOutput() : this.workerOutput());
    return eventually(
      () => Promise.resolve(texts.every((t) => out().includes(t)) ? out() : undefined),
      10000,
      () => `${which} output with ${JSON.stringify(texts)}; it has:\n${out().slice(-2000)}`,
    );
  }

  /** A valid auth token (fetched once through POST /token). */
  async token(): Promise<string> {
    if (this.cachedToken) return this.cachedToken;
    const res = await request(this.url, 'POST', '/token', {
      headers: { 'x-admin-token': this.adminToken },
    });
    const token = res.headers.get('x-auth-token');
    if (res.status !== 200 || !token) throw new Error(`POST /token answered ${res.status}`);
    return (this.cachedToken = token);
  }

  /** A request with a valid token unless `token` is given (null: none). */
  async http(method: string, path: string, opts: RequestOptions = {}): Promise<HttpResult> {
    const token = opts.token === undefined ? await this.token() : opts.token;
    return request(this.url, method, path, { ...opts, token });
  }

  /** Stops the api process (SIGTERM) and starts it again on the same address. */
  async restartApi(): Promise<void> {
    await this.graph.stopProcess(this.api.proc);
    this.api = await this.graph.startProcess(
      this.graph.BUILT_ENTRY.api,
      { ...process.env, ...this.env, PORT: new URL(this.url).port },
      /api listening on /,
    );
  }

  /** Stops the simulator as a crash of the hypervisor link would (state kept on disk). */
  async stopSimulator(): Promise<void> {
    await this.simulator.close();
  }

  /** Starts the simulator again on the same address with the state it had. */
  async restartSimulator(): Promise<void> {
    this.simulator = await this.graph.createSimulator({
      stateDir: join(this.config.DATA_DIR, 'sim'),
      latencyProfile: this.latency,
      wireCredentials: WIRE_CREDENTIALS,
    });
    await this.simulator.app.listen({ port: Number(new URL(this.simUrl).port), host: '127.0.0.1' });
    if (this.config.HV_TRANSPORT === 'smapi') {
      await this.simulator.wire.listen(this.config.SMAPI_PORT, '127.0.0.1');
    }
  }

  /** The worker in this process; `env` overrides settings of the stack for it alone. */
  async startWorker(env: Record<string, string> = {}): Promise<void> {
    this.worker ??= await this.graph.createWorker(
      this.graph.loadConfig({ ...this.env, LOG_LEVEL: 'warn', ...env }),
    );
  }

  /**
   * SQL statements the api has sent to the database so far (hvo_db_statements_total, read by a
   * scrape of /metrics whose own statements come after the count).
   */
  async apiStatements(): Promise<number> {
    const basic = Buffer.from(`prometheus:${this.adminToken}`).toString('base64');
    const res = await request(this.url, 'GET', '/metrics', {
      headers: { authorization: `Basic ${basic}` },
    });
    if (res.status !== 200) throw new Error(`GET /metrics answered ${res.status}`);
    const line = /^hvo_db_statements_total (\d+)$/m.exec(res.text);
    if (!line) throw new Error('no hvo_db_statements_total in /metrics');
    return Number(line[1]);
  }

  /** SQL statements the in-process worker has sent to the database so far. */
  workerStatements(): number {
    if (!this.worker) throw new Error('no in-process worker');
    return this.worker.get(this.graph.StatementCounter, { strict: false }).statements;
  }

  /** Resolves with the time (epoch ms) at which the in-process worker closes its database. */
  workerDatabaseClosed(): Promise<number> {
    if (!this.worker) throw new Error('no in-process worker');
    return this.graph.databaseClosed(this.worker);
  }

  async stopWorker(): Promise<void> {
    await this.worker?.close();
    this.worker = undefined;
  }

  /** The built worker (dist/) as its own process, as production runs it; `env` as startWorker's. */
  async startWorkerProcess(env: Record<string, string> = {}): Promise<void> {
    this.workerProc = await this.graph.startProcess(
      this.graph.BUILT_ENTRY.worker,
      { ...process.env, ...this.env, ...env },
      /consuming /,
    );
  }

  /** Whether the worker process started by startWorkerProcess() is still running. */
  workerProcessAlive(): boolean {
    const p = this.workerProc?.proc;
    return !!p && p.exitCode === null && p.signalCode === null;
  }

  /** Stops the worker process with SIGTERM and resolves with its exit code. */
  async stopWorkerProcess(): Promise<number | null> {
    const p = this.workerProc;
    this.workerProc = undefined;
    this.stoppedWorkerProc = p;
    return this.graph.stopProcess(p?.proc);
  }

  /** Kills the worker process outright (SIGKILL), as a crash or an OOM kill would. */
  async killWorkerProcess(): Promise<void> {
    const p = this.workerProc?.proc;
    this.workerProc = undefined;
    if (!p || p.exitCode !== null || p.signalCode !== null) return;
    const exited = new Promise((r) => p.once('exit', r));
    p.kill('SIGKILL');
    await exited;
  }

  async close(): Promise<void> {
    await this.stopWorkerProcess();
    await this.stopWorker();
    await this.graph.stopProcess(this.api.proc);
    await this.simulator.close();
    await this.dropDb();
    rmSync(this.config.DATA_DIR, { recursive: true, force: true });
  }
}
