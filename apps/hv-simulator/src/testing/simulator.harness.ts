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
  /** Closes this simulator and starts a new one on the same state dir. */
  restart(): Promise<void>;
  close(): Promise<void>;
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
