import { Errors } from '#envelope';
import type { CpReply, SmapiFunction, SmapiReply } from './protocol.js';
import { HypervisorTransport } from './transport.js';

/** HTTP/JSON to apps/hv-simulator (protocol.ts). */
export class SimulatorTransport extends HypervisorTransport {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
  ) {
    super();
  }

  private async post<T>(path: string, body: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(new URL(path, this.baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (e) {
      const err = e as Error;
      if (err.name === 'TimeoutError') {
        throw Errors.hvTimeout(`hypervisor did not answer ${path} in ${this.timeoutMs} ms`);
      }
      throw Errors.hvUnreachable(`hypervisor unreachable at ${this.baseUrl}: ${err.message}`);
    }
    if (res.status !== 200) {
      const text = await res.text().catch(() => '');
      throw Errors.hvUnreachable(`hypervisor answered HTTP ${res.status} to ${path}: ${text}`);
    }
    return (await res.json()) as T;
  }

  smapi<T>(fn: SmapiFunction, target: string, params: object = {}): Promise<SmapiReply<T>> {
    return this.post(`/smapi/${fn}`, { target, params });
  }

  cp(command: string): Promise<CpReply> {
    return this.post('/cp', { command });
  }

  async ping(): Promise<boolean> {
    try {
      const res = await fetch(new URL('/health', this.baseUrl), {
        signal: AbortSignal.timeout(Math.min(this.timeoutMs, 3000)),
      });
      return res.ok;
    } catch {
      return false;
    }
  }
}
