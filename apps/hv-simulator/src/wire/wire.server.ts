import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import type { OutputRecord } from '#hypervisor';
import {
  decodeWireRequest,
  recoveryRequestId,
  WireRequestError,
  type WireRequest,
} from './wire.request.js';
import { encodeWireResponse } from './wire.response.js';

/** What a function call answers, from whatever runs it behind this front door. */
export interface WireAnswer {
  rc: number;
  rs: number;
  output?: OutputRecord;
}
export type WireDispatch = (request: WireRequest) => Promise<WireAnswer>;

/**
 * Faults of the link itself: close before the request id (nothing ran), close after it
 * (the call ran; its answer waits for Response_Recovery), never answer, or answer bytes
 * that are not the protocol.
 */
export type WireFault = 'drop-before-id' | 'drop-after-id' | 'stall' | 'garbage';

/** Answers kept for Response_Recovery, oldest dropped first. */
const RECOVERY_KEEP = 1000;
/** Request rejected for syntax: the API's rc 24 (parameter list error). */
const SYNTAX_RC = 24;

const word = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};

/** The simulator's request server: the systems-management wire protocol over TCP. */
export class WireServer {
  private readonly server: Server;
  private readonly faults: WireFault[] = [];
  private readonly answers = new Map<number, Buffer>();
  private nextId = 1;
  /** Open connections, cut on close as a server going down would (a stalled one never ends). */
  private readonly open = new Set<Socket>();

  constructor(private readonly dispatch: WireDispatch) {
    this.server = createServer((socket) => this.accept(socket));
  }

  async listen(port: number, host: string): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(port, host, resolve));
    return (this.server.address() as AddressInfo).port;
  }

  close(): Promise<void> {
    for (const socket of this.open) socket.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The next `times` requests meet `fault` (Response_Recovery requests excepted). */
  inject(fault: WireFault, times = 1): void {
    for (let i = 0; i < times; i++) this.faults.push(fault);
  }

  private accept(socket: Socket): void {
    socket.on('error', () => undefined);
    this.open.add(socket);
    socket.on('close', () => this.open.delete(socket));
    let got = Buffer.alloc(0);
    const onData = (chunk: Buffer): void => {
      got = Buffer.concat([got, chunk]);
      if (got.length < 4 || got.length < 4 + got.readInt32BE(0)) return;
      socket.off('data', onData);
      void this.serve(socket, got.subarray(4, 4 + got.readInt32BE(0)));
    };
    socket.on('data', onData);
  }

  private async serve(socket: Socket, body: Buffer): Promise<void> {
    const recovering = recoveryRequestId(body);
    if (recovering !== undefined) return this.recover(socket, recovering);
    const fault = this.faults.shift();
    if (fault === 'drop-before-id') return void socket.destroy();
    if (fault === 'stall') return; // holds the connection open, answering nothing
    if (fault === 'garbage') return void socket.end(Buffer.from('\x15\x00garbage\xff\xff\xff\xff'));
    const id = this.nextId++;
    let answer: Buffer;
    try {
      answer = await this.answer(id, body);
    } catch {
      // The function could not answer (a simulated crash): the link drops before the id.
      socket.destroy();
      return;
    }
    if (fault === 'drop-after-id') {
      this.keep(id, answer);
      socket.end(word(id));
      return;
    }
    socket.end(answer);
  }

  private async answer(id: number, body: Buffer): Promise<Buffer> {
    let request: WireRequest;
    try {
      request = decodeWireRequest(body);
    } catch (e) {
      if (!(e instanceof WireRequestError)) throw e;
      return Buffer.concat([word(id), word(12), word(id), word(SYNTAX_RC), word(0)]);
    }
    const { rc, rs, output } = await this.dispatch(request);
    return encodeWireResponse(request.fn, id, rc, rs, output);
  }

  private keep(id: number, answer: Buffer): void {
    this.answers.set(id, answer);
    if (this.answers.size > RECOVERY_KEEP) {
      this.answers.delete(this.answers.keys().next().value as number);
    }
  }

  /**
   * Response_Recovery: its own id and codes, then the kept answer's body (without the
   * leading request id and length); rc 4 rs 4 (send the request again) when none is kept.
   */
  private recover(socket: Socket, requestId: number): void {
    const id = this.nextId++;
    const kept = this.answers.get(requestId);
    this.answers.delete(requestId);
    const tail = kept ? kept.subarray(8) : Buffer.alloc(0);
    const [rc, rs] = kept ? [0, 0] : [4, 4];
    socket.end(
      Buffer.concat([word(id), word(12 + tail.length), word(id), word(rc), word(rs), tail]),
    );
  }
}
