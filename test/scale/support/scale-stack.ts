import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILT_ENTRY, type Config, loadConfig } from '#config';
import { type Proc, startProcess, stopProcess } from '#testing';
import type { Simulator } from '../../../apps/hv-simulator/src/index.js';
import { e2eGraph } from '../../support/e2e-graph.js';
import { type HttpResult, type RequestOptions, request } from '../../support/http.js';
import { createTestDatabase } from '../../support/test-database.js';

export interface ScaleOptions {
  apis: number;
  workers: number;
  /** Settings of every process (REDIS_URL or REDIS_CLUSTER_NODES…), as environment variables. */
  env: Record<string, string>;
}

/**
 * The stack as it runs on several hosts: one simulator (the hypervisor), one database, `apis`
 * api processes and `workers` worker processes, all built (dist/) and sharing one Redis (a
 * cluster or a Sentinel set) and one queue prefix.
 */
export class ScaleStack {
  private token?: string;

  private constructor(
    readonly config: Config,
    readonly simulator: Simulator,
    readonly simUrl: string,
    private readonly apis: (Proc & { url: string })[],
    private readonly workers: Proc[],
    private readonly dropDb: () => Promise<void>,
  ) {}

  static async start(opts: ScaleOptions): Promise<ScaleStack> {
    const dataDir = mkdtempSync(join(tmpdir(), 'hvo-scale-'));
    const db = await createTestDatabase();
    const simulator = await (
      await e2eGraph()
    ).createSimulator({
      stateDir: join(dataDir, 'sim'),
      latencyProfile: 'fast',
    });
    const simUrl = await simulator.app.listen({ port: 0, host: '127.0.0.1' });
    const env: Record<string, string> = {
      DATA_DIR: dataDir, // one admin token for every api, as a shared volume would give
      DATABASE_URL: db.url,
      QUEUE_PREFIX: `s${randomBytes(5).toString('hex')}`,
      HV_SIMULATOR_URL: simUrl,
      HV_TRANSPORT: 'simulator',
      PORT: '0',
      LOG_LEVEL: 'log',
      WAIT_POLL_MS: '500',
      // as the e2e stack: a short call timeout, so a step in doubt is waited out in seconds
      HV_CALL_TIMEOUT_S: '10',
      ...opts.env,
    };
    const all = { ...process.env, ...env };
    const apis: (Proc & { url: string })[] = [];
    const workers: Proc[] = [];
    // the first api makes the admin token; the others read it
    for (let i = 0; i < opts.apis; i++) {
      const p = await startProcess(BUILT_ENTRY.api, all, /api listening on (http:\/\/[\w.:[\]-]+)/);
      apis.push({ ...p, url: p.match[1] });
    }
    for (let i = 0; i < opts.workers; i++) {
      workers.push(await startProcess(BUILT_ENTRY.worker, all, /consuming /));
    }
    return new ScaleStack(loadConfig(env), simulator, simUrl, apis, workers, db.drop);
  }

  /** Base URL of api process `i`. */
  api(i: number): string {
    return this.apis[i].url;
  }

  /** Everything every process printed (for a failure message). */
  output(): string {
    return [...this.apis, ...this.workers].map((p) => p.output()).join('\n----\n');
  }

  /** A valid auth token (fetched once through POST /token with the shared admin token). */
  async authToken(): Promise<string> {
    if (this.token) return this.token;
    const adminToken = readFileSync(this.config.TOKEN_PATH, 'utf8').trim();
    const res = await request(this.api(0), 'POST', '/token', {
      headers: { 'x-admin-token': adminToken },
    });
    const token = res.headers.get('x-auth-token');
    if (res.status !== 200 || !token) throw new Error(`POST /token answered ${res.status}`);
    return (this.token = token);
  }

  /** A request to api process `i` with a valid token. */
  async on(
    i: number,
    method: string,
    path: string,
    opts: RequestOptions = {},
  ): Promise<HttpResult> {
    return request(this.api(i), method, path, { ...opts, token: await this.authToken() });
  }

  /** The same as `on(0, …)`: the shape the burst helpers expect of a stack. */
  http(method: string, path: string, opts: RequestOptions = {}): Promise<HttpResult> {
    return this.on(0, method, path, opts);
  }

  async close(): Promise<void> {
    for (const p of [...this.workers, ...this.apis]) await stopProcess(p.proc);
    await this.simulator.close();
    await this.dropDb();
    rmSync(this.config.DATA_DIR, { recursive: true, force: true });
  }
}
