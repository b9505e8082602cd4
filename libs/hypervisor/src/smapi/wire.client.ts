import { setTimeout as sleep } from 'node:timers/promises';
import { Errors, HvError, HvNotReached } from '#envelope';
import { noteResent } from '../call-notes.js';
import type { SmapiFunction } from '../protocol.js';
import { readTimeoutMsFor } from './call.timeouts.js';
import { SmapiCodecError } from './codec.error.js';
import type { InputValues } from './layout.types.js';
import { encodeRequest, encodeResponseRecovery } from './request.codec.js';
import { decodeResponseBody, RESPONSE_CODES_BYTES, type SmapiResponse } from './response.codec.js';
import { WireError, WireSocket, type WireEndpoint } from './wire.socket.js';

export interface WireClientOptions extends WireEndpoint {
  userid: string;
  /** Read from the password file by the caller; kept here only to build requests, never logged. */
  password: string;
  connectTimeoutMs: number;
  /** How long an answer may take; relocation and disk calls get `longReadTimeoutMs`. */
  readTimeoutMs: number;
  longReadTimeoutMs: number;
  /**
   * Pause before each attempt of a request that failed before its request id arrived; the
   * reference client makes 8 attempts, waiting 0, 8, 16, 16, 15, 15, 15, 15 s.
   */
  retryDelaysMs: readonly number[];
  /** Pause before asking Response_Recovery for a lost answer (the reference waits 2 s). */
  recoveryDelayMs: number;
}

/**
 * Longest time after a call began that its request can still take effect on the server: every
 * attempt may connect and wait for its request id (a request whose id never came back may have
 * been taken, and is sent again), the pauses between them, and the last one's answer.
 */
export function wireLandingWindowMs(o: WireTimings): number {
  const longest = Math.max(o.readTimeoutMs, o.longReadTimeoutMs);
  const pauses = o.retryDelaysMs.reduce((a, b) => a + b, 0);
  return pauses + o.retryDelaysMs.length * (o.connectTimeoutMs + longest) + longest;
}

type WireTimings = Pick<
  WireClientOptions,
  'connectTimeoutMs' | 'readTimeoutMs' | 'longReadTimeoutMs' | 'retryDelaysMs'
>;

export const REFERENCE_RETRY_DELAYS_MS = [0, 8, 16, 16, 15, 15, 15, 15].map((s) => s * 1000);

/** Failures the reference client treats as "the server may be restarting": worth a retry. */
const retriable = (e: unknown): e is WireError => e instanceof WireError && e.failure !== 'error';

/** Response_Recovery answered "retry the request" (rc 4 rs 4). */
class RetryRequest extends Error {}

/**
 * One call over the systems-management wire protocol: a connection per request; a request
 * that fails before its request id is sent again (connection refused, timeout, dropped), an
 * answer lost after its request id is fetched with Response_Recovery; nothing else retries.
 */
export class WireClient {
  constructor(private readonly opts: WireClientOptions) {}

  async call(
    fn: SmapiFunction,
    target: string,
    values: InputValues = {},
    readTimeoutMs = readTimeoutMsFor(fn, this.opts.readTimeoutMs, this.opts.longReadTimeoutMs),
  ): Promise<SmapiResponse> {
    const request = encodeRequest(
      fn,
      { userid: this.opts.userid, password: this.opts.password, target },
      values,
    );
    let last: unknown;
    // whether any attempt got as far as writing its request (the server may have it)
    let written = false;
    for (const delay of this.opts.retryDelaysMs) {
      if (delay > 0) await sleep(delay);
      // sent again while an earlier copy may have been taken: it may land after all
      if (written) noteResent();
      let socket: WireSocket | undefined;
      let requestId: number;
      try {
        socket = await WireSocket.open(this.opts, this.opts.connectTimeoutMs);
        written = true;
        await socket.write(request);
        requestId = (await socket.read(4, readTimeoutMs)).readInt32BE(0);
      } catch (e) {
        socket?.close();
        if (!retriable(e)) throw this.notReachedIf(!written, this.linkError(fn, e));
        last = e;
        continue;
      }
      try {
        return await this.answer(fn, socket, requestId, readTimeoutMs);
      } catch (e) {
        if (!(e instanceof RetryRequest)) throw e;
        last = e;
      } finally {
        socket.close();
      }
    }
    throw this.notReachedIf(!written, this.linkError(fn, last, this.opts.retryDelaysMs.length));
  }

  /** A failure before any request was written: the call never reached the request server. */
  private notReachedIf(never: boolean, e: HvError): HvError {
    return never && !(e instanceof HvNotReached) ? new HvNotReached(e) : e;
  }

  /** The answer after its request id: read on, or recovered by request id if the link drops. */
  private async answer(
    fn: SmapiFunction,
    socket: WireSocket,
    requestId: number,
    readTimeoutMs: number,
  ): Promise<SmapiResponse> {
    let body: Buffer;
    try {
      const length = (await socket.read(4, readTimeoutMs)).readInt32BE(0);
      body = await this.body(fn, socket, length, readTimeoutMs);
    } catch (e) {
      if (!(e instanceof WireError) || !retriable(e)) throw this.linkError(fn, e);
      body = await this.recover(fn, requestId, readTimeoutMs);
    }
    return this.decode(fn, requestId, body);
  }

  private async body(fn: SmapiFunction, socket: WireSocket, length: number, timeoutMs: number) {
    if (length < RESPONSE_CODES_BYTES || length > 64 * 1024 * 1024) {
      throw this.garbled(fn, `output length ${length}`);
    }
    return socket.read(length, timeoutMs);
  }

  private async recover(fn: SmapiFunction, requestId: number, timeoutMs: number): Promise<Buffer> {
    let last: unknown;
    for (let attempt = 0; attempt < this.opts.retryDelaysMs.length; attempt++) {
      await sleep(this.opts.recoveryDelayMs);
      let socket: WireSocket | undefined;
      try {
        socket = await WireSocket.open(this.opts, this.opts.connectTimeoutMs);
        await socket.write(encodeResponseRecovery(requestId));
        await socket.read(4, timeoutMs); // the recovery request's own id
        const length = (await socket.read(4, timeoutMs)).readInt32BE(0);
        const codes = await socket.read(RESPONSE_CODES_BYTES, timeoutMs);
        const rc = codes.readInt32BE(4);
        const rs = codes.readInt32BE(8);
        if (rc === 4 && rs === 4) throw new RetryRequest();
        if (rc !== 0) {
          throw Errors.hvUnreachable(
            `${fn}: answer to request ${requestId} lost and not recoverable (Response_Recovery rc ${rc} rs ${rs})`,
          );
        }
        return await this.body(fn, socket, length - RESPONSE_CODES_BYTES, timeoutMs);
      } catch (e) {
        if (!retriable(e)) throw e;
        last = e;
      } finally {
        socket?.close();
      }
    }
    throw this.linkError(fn, last, this.opts.retryDelaysMs.length);
  }

  private decode(fn: SmapiFunction, requestId: number, body: Buffer): SmapiResponse {
    let response: SmapiResponse;
    try {
      response = decodeResponseBody(fn, body);
    } catch (e) {
      if (e instanceof SmapiCodecError) throw this.garbled(fn, e.message);
      throw e;
    }
    if (response.requestId !== requestId) {
      throw this.garbled(fn, `request id ${response.requestId} in an answer to ${requestId}`);
    }
    return response;
  }

  private garbled(fn: SmapiFunction, detail: string): HvError {
    return Errors.hvUnreachable(
      `${fn}: garbled answer from the request server at ${this.where()}: ${detail}`,
    );
  }

  private linkError(fn: SmapiFunction, e: unknown, attempts?: number): HvError {
    if (e instanceof HvError) return e;
    if (!(e instanceof WireError)) return Errors.hvUnreachable(`${fn}: ${String(e)}`);
    const tries = attempts ? ` after ${attempts} attempts` : '';
    const msg = `${fn}: request server at ${this.where()}${tries}: ${e.message}`;
    return e.failure === 'timeout' ? Errors.hvTimeout(msg) : Errors.hvUnreachable(msg);
  }

  private where(): string {
    return `${this.opts.host}:${this.opts.port}`;
  }
}
