import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CpReply, SmapiFunction, SmapiReply } from '#hypervisor';
import { createSimulator, type Simulator, type SimulatorOptions } from '../simulator.js';

/**
 * An in-process simulator on a temp state dir and an ephemeral loopback port. (app.inject would
 * avoid the socket, but light-my-request needs the ESM-only `cookie` package, which Jest on
 * Node < 24.9 cannot require.)
 */
export interface Harness {
  sim: Simulator;
  dir: string;
  url: string;
  /** Raw HTTP: status and parsed JSON body (or text when not JSON), loosely typed for tests. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  http(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
  smapi<T = unknown>(fn: SmapiFunction, target: string, params?: object): Promise<SmapiReply<T>>;
  cp(command: string): Promise<CpReply>;
  /** A management operation; `body` (bytes or a stream of them) is its input file. */
  mgmt(op: string, args: Record<string, string>, body?: MgmtBody): Promise<MgmtResult>;
  /** md5 and size of a minidisk's bytes (admin API). */
  diskMd5(userid: string, vdev: string): Promise<{ md5: string; bytes: number }>;
  /** Closes this simulator and starts a new one on the same state dir. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export type MgmtBody = Buffer | AsyncIterable<Buffer>;

/** HTTP status and either the JSON reply or the file answered. */
export interface MgmtResult {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json?: any;
  file?: Buffer;
}

export const LINUX01 = ['USER LINUX01 LBYONLY 2G 4G G', 'INCLUDE OSDFLT', 'MACHINE ESA 4'];

export function userDirectory(userid: string, ...extra: string[]): string[] {
  return [`USER ${userid} LBYONLY 2G 4G G`, 'INCLUDE OSDFLT', ...extra];
}

async function listen(opts: SimulatorOptions): Promise<{ sim: Simulator; url: string }> {
  const sim = await createSimulator(opts);
  await sim.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = sim.app.server.address() as AddressInfo;
  return { sim, url: `http://127.0.0.1:${port}` };
}

export async function startHarness(opts: Partial<SimulatorOptions> = {}): Promise<Harness> {
  const dir = opts.stateDir ?? (await mkdtemp(join(tmpdir(), 'hv-sim-')));
  const options: SimulatorOptions = { latencyProfile: 'fast', ...opts, stateDir: dir };
  const h: Harness = {
    ...(await listen(options)),
    dir,
    async http(method, path, body) {
      const res = await fetch(h.url + path, {
        method,
        ...(body === undefined
          ? {}
          : {
              headers: { 'content-type': 'application/json' },
              body: typeof body === 'string' ? body : JSON.stringify(body),
            }),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      return { status: res.status, body: parsed };
    },
    async smapi<T>(fn: SmapiFunction, target: string, params: object = {}) {
      const res = await h.http('POST', `/smapi/${fn}`, { target, params });
      if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${JSON.stringify(res.body)}`);
      return res.body as SmapiReply<T>;
    },
    async cp(command: string) {
      const res = await h.http('POST', '/cp', { command });
      if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${JSON.stringify(res.body)}`);
      return res.body as CpReply;
    },
    async mgmt(op, args, body) {
      const init: RequestInit =
        body === undefined
          ? { method: 'POST' }
          : {
              method: 'POST',
              headers: { 'content-type': 'application/octet-stream' },
              body,
              duplex: 'half',
            };
      const res = await fetch(`${h.url}/mgmt/${op}?${new URLSearchParams(args).toString()}`, init);
      const bytes = Buffer.from(await res.arrayBuffer());
      return res.headers.get('content-type')?.startsWith('application/json')
        ? { status: res.status, json: JSON.parse(bytes.toString()) as unknown }
        : { status: res.status, file: bytes };
    },
    async diskMd5(userid, vdev) {
      const res = await h.http('GET', `/admin/minidisks/${userid}/${vdev}/md5`);
      if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${JSON.stringify(res.body)}`);
      return res.body as { md5: string; bytes: number };
    },
    async restart() {
      await h.sim.close();
      Object.assign(h, await listen(options));
    },
    async close() {
      await h.sim.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
  return h;
}

/** Polls `cond` until it holds (for effects that finish after the reply, e.g. on abort). */
export async function waitFor(cond: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
