import { Readable } from 'node:stream';
import { Pool } from 'undici';
import { Errors, type HvError, HvNotReached } from '#envelope';
import { toBuffer } from './chunk.buffer.js';
import { IdleTimeout } from './idle.timeout.js';
import type {
  CpReply,
  MgmtArgs,
  MgmtOperation,
  MgmtReply,
  SmapiFunction,
  SmapiReply,
} from './protocol.js';
import { HypervisorTransport } from './transport.js';

/** undici's codes for a connect, headers or body timeout. */
const TIMEOUT_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/**
 * Failures of the connection itself, before a request could be written: the call never
 * reached the hypervisor (a dropped or timed-out exchange may have).
 */
const CONNECT_FAILURES = new Set([
  'ECONNREFUSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EADDRNOTAVAIL',
]);

/** The error's code, or its cause's (global fetch wraps the socket's error). */
const codeOf = (e: Error & { code?: string; cause?: unknown }): string =>
  e.code ?? (e.cause as { code?: string } | undefined)?.code ?? '';

/**
 * HTTP/JSON to apps/hv-simulator (protocol.ts). Function calls and CP commands, the hot path,
 * go through a keep-alive connection pool (undici's request API: global fetch's per-call URL,
 * AbortSignal and web-stream objects were a measurable share of a busy api); streamed
 * management-guest transfers use fetch.
 */
export class SimulatorTransport extends HypervisorTransport {
  private readonly pool: Pool;

  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
  ) {
    super();
    this.pool = new Pool(baseUrl, {
      connections: 128,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      connectTimeout: SimulatorTransport.connectTimeoutMs(timeoutMs),
    });
  }

  /** The connect's share of a call's timeout. */
  private static connectTimeoutMs(timeoutMs: number): number {
    return Math.min(timeoutMs, 10_000);
  }

  /**
   * Longest time after a call began that it can still take effect: its connect and the
   * answer's timeout (a dead caller's call is taken to run on no longer than a live one waits).
   */
  static landingWindowMs(timeoutMs: number): number {
    return SimulatorTransport.connectTimeoutMs(timeoutMs) + timeoutMs;
  }

  /** What a failed exchange means: no connection (never reached), a timeout, or the link failing. */
  private linkError(path: string, e: unknown, timedOut: boolean): HvError {
    const err = e as Error & { code?: string; cause?: unknown };
    const code = codeOf(err);
    if (!timedOut && CONNECT_FAILURES.has(code)) {
      const msg = `hypervisor not reached at ${this.baseUrl}: ${err.message}`;
      return new HvNotReached(
        TIMEOUT_CODES.has(code) ? Errors.hvTimeout(msg) : Errors.hvUnreachable(msg),
      );
    }
    if (timedOut || err.name === 'TimeoutError' || TIMEOUT_CODES.has(err.code ?? '')) {
      return Errors.hvTimeout(`hypervisor did not answer ${path} in ${this.timeoutMs} ms`);
    }
    return Errors.hvUnreachable(`hypervisor unreachable at ${this.baseUrl}: ${err.message}`);
  }

  /** One exchange; the answer must be HTTP 200. */
  private async send(path: string, init: RequestInit, idle?: IdleTimeout): Promise<Response> {
    let res: Response;
    try {
      res = await fetch(new URL(path, this.baseUrl), {
        ...init,
        signal: idle?.signal ?? AbortSignal.timeout(this.timeoutMs),
      });
    } catch (e) {
      idle?.clear();
      throw this.linkError(path, e, idle?.fired ?? false);
    }
    if (res.status !== 200) {
      idle?.clear();
      const text = await res.text().catch(() => '');
      throw Errors.hvUnreachable(`hypervisor answered HTTP ${res.status} to ${path}: ${text}`);
    }
    return res;
  }

  private async post<T>(path: string, body: unknown): Promise<T> {
    let res;
    try {
      res = await this.pool.request({
        path,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    } catch (e) {
      throw this.linkError(path, e, false);
    }
    if (res.statusCode !== 200) {
      const text = await res.body.text().catch(() => '');
      throw Errors.hvUnreachable(`hypervisor answered HTTP ${res.statusCode} to ${path}: ${text}`);
    }
    try {
      return (await res.body.json()) as T;
    } catch (e) {
      throw this.linkError(path, e, false);
    }
  }

  smapi<T>(fn: SmapiFunction, target: string, params: object = {}): Promise<SmapiReply<T>> {
    return this.post(`/smapi/${fn}`, { target, params });
  }

  cp(command: string): Promise<CpReply> {
    return this.post('/cp', { command });
  }

  /**
   * Streamed exchanges time out only when nothing moves for the timeout (IdleTimeout), so an
   * image of any size can go through.
   */
  private async mgmtRequest(
    op: MgmtOperation,
    args: MgmtArgs,
    idle: IdleTimeout,
    input?: Readable,
    onBytes?: (sent: number) => void,
  ): Promise<Response> {
    const path = `/mgmt/${op}?${new URLSearchParams(args).toString()}`;
    if (!input) return this.send(path, { method: 'POST' }, idle);
    let inputError: unknown;
    async function* upload(source: Readable): AsyncGenerator<Buffer> {
      let sent = 0;
      try {
        for await (const chunk of source) {
          const buf = toBuffer(chunk);
          if (buf.length === 0) continue; // in a chunked body, an empty chunk would end it
          sent += buf.length;
          idle.touch();
          onBytes?.(sent);
          yield buf;
        }
      } catch (e) {
        inputError = e;
        throw e;
      }
    }
    const init = {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: upload(input),
      duplex: 'half', // Node's fetch needs it for a streamed request body
    } satisfies RequestInit;
    try {
      return await this.send(path, init, idle);
    } catch (e) {
      // The caller's own stream failed: that is its error, not the hypervisor link's.
      throw inputError ?? e;
    }
  }

  async mgmt<T extends MgmtReply>(
    op: MgmtOperation,
    args: MgmtArgs,
    input?: Readable,
    onBytes?: (sent: number) => void,
  ): Promise<T> {
    const idle = new IdleTimeout(this.timeoutMs);
    const res = await this.mgmtRequest(op, args, idle, input, onBytes);
    try {
      return (await res.json()) as T;
    } catch (e) {
      throw this.linkError(`/mgmt/${op}`, e, idle.fired);
    } finally {
      idle.clear();
    }
  }

  async mgmtFile(op: MgmtOperation, args: MgmtArgs): Promise<Readable | MgmtReply> {
    const idle = new IdleTimeout(this.timeoutMs);
    const res = await this.mgmtRequest(op, args, idle);
    if (res.headers.get('content-type')?.startsWith('application/json')) {
      try {
        return (await res.json()) as MgmtReply;
      } finally {
        idle.clear();
      }
    }
    const body = res.body;
    const linkError = this.linkError.bind(this);
    return Readable.from(
      (async function* () {
        try {
          for await (const chunk of body ?? []) {
            idle.touch();
            yield toBuffer(chunk);
          }
        } catch (e) {
          throw linkError(`/mgmt/${op}`, e, idle.fired);
        } finally {
          idle.clear();
        }
      })(),
      { objectMode: false },
    );
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
