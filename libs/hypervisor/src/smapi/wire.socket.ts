import { isIP, connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';

/** Where the request server listens, and the CA that signs its certificate when TLS is on. */
export interface WireEndpoint {
  host: string;
  port: number;
  /** PEM of the CA to trust; absent = plain TCP. */
  ca?: Buffer;
}

/** Why an exchange stopped: the kinds the reference client tells apart for its retries. */
export type WireFailure = 'refused' | 'timeout' | 'closed' | 'error';

export class WireError extends Error {
  override readonly name = 'WireError';
  constructor(
    readonly failure: WireFailure,
    message: string,
  ) {
    super(message);
  }
}

function failureOf(e: NodeJS.ErrnoException): WireFailure {
  if (e.code === 'ECONNREFUSED') return 'refused';
  if (e.code === 'ETIMEDOUT') return 'timeout';
  if (e.code === 'ECONNRESET' || e.code === 'EPIPE') return 'closed';
  return 'error';
}

/**
 * One connection to the request server (it takes one request per connection), with reads of
 * exact byte counts, each bounded by a timeout so a stalled server never hangs a worker.
 */
export class WireSocket {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private ended: WireError | undefined;
  private wake: (() => void) | undefined;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.chunks.push(chunk);
      this.buffered += chunk.length;
      this.notify();
    });
    socket.on('error', (e: NodeJS.ErrnoException) => {
      this.ended ??= new WireError(failureOf(e), e.message);
      this.notify();
    });
    socket.on('close', () => {
      this.ended ??= new WireError('closed', 'the request server closed the connection');
      this.notify();
    });
  }

  static open(endpoint: WireEndpoint, timeoutMs: number): Promise<WireSocket> {
    return new Promise((resolve, reject) => {
      const { host, port, ca } = endpoint;
      const socket = ca
        ? // SNI takes host names only; an address is still checked against the certificate.
          tlsConnect({ host, port, ca, ...(isIP(host) ? {} : { servername: host }) })
        : netConnect({ host, port });
      const ready = ca ? 'secureConnect' : 'connect';
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new WireError('timeout', `no connection to ${host}:${port} in ${timeoutMs} ms`));
      }, timeoutMs);
      const onError = (e: NodeJS.ErrnoException): void => {
        clearTimeout(timer);
        socket.destroy();
        reject(new WireError(failureOf(e), `connecting to ${host}:${port}: ${e.message}`));
      };
      socket.once('error', onError);
      socket.once(ready, () => {
        clearTimeout(timer);
        socket.off('error', onError);
        resolve(new WireSocket(socket));
      });
    });
  }

  write(bytes: Buffer): Promise<void> {
    return new Promise((resolve, reject) => {
      this.socket.write(bytes, (e) =>
        e ? reject(new WireError(failureOf(e), `sending: ${e.message}`)) : resolve(),
      );
    });
  }

  /** Exactly `length` bytes, or a WireError when the connection ends or the time runs out. */
  async read(length: number, timeoutMs: number): Promise<Buffer> {
    const deadline = Date.now() + timeoutMs;
    while (this.buffered < length) {
      if (this.ended) throw this.ended;
      const left = deadline - Date.now();
      if (left <= 0) throw new WireError('timeout', `no answer in ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
    const all = Buffer.concat(this.chunks);
    this.chunks = [all.subarray(length)];
    this.buffered -= length;
    return all.subarray(0, length);
  }

  close(): void {
    this.socket.destroy();
  }

  private notify(): void {
    this.wake?.();
  }
}
