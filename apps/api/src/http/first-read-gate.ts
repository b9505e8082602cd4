import Denque from 'denque';

/** What the gate needs of a connection: net.Socket has it. */
export interface GatedSocket {
  resume(): void;
  readonly destroyed: boolean;
}

/**
 * Bounds how many new connections are being read for their first request at once. A connection
 * is accepted paused and resumed ("armed") only while fewer than `limit` armed ones have not yet
 * sent their request; each that does (or closes, or stays silent for `graceMs`) frees its place
 * for the next, in arrival order, in the next turn.
 *
 * Why not simply a number resumed per turn: a burst of clients can connect well before they
 * write (a client making 10,000 requests in one synchronous loop sends them all only after it
 * has opened them), so every connection was resumed, and so readable, by the time the requests
 * came, and libuv's poll phase then read them all in one turn: 6,000 requests parsed, routed and
 * hooked in one 260–520 ms turn (docs/decisions/0007). Bounding the armed connections
 * bounds what one poll phase can read, whenever the bytes arrive. `graceMs` keeps a client that
 * connects and never writes from holding a place for longer.
 */
export class FirstReadGate<S extends GatedSocket = GatedSocket> {
  /** Taken from as they are armed, so a connection is not held here after (turn-slicer.ts). */
  private readonly queue = new Denque<S>();
  /** Armed connections whose first request has not come, with when they were armed (ms). */
  private readonly armed = new Map<S, number>();
  private turnScheduled = false;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly limit: number,
    private readonly graceMs: number,
    private readonly onError: (e: unknown) => void,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Connections accepted and not yet resumed. */
  get waiting(): number {
    return this.queue.length;
  }

  /** Connections resumed whose first request has not come. */
  get reading(): number {
    return this.armed.size;
  }

  /** A new connection, accepted paused: resumed at once below the limit, else queued. */
  connected(socket: S): void {
    if (!this.waiting && this.armed.size < this.limit) this.arm(socket);
    else {
      this.queue.push(socket);
      this.nextTurn();
    }
  }

  /** A request was read on `socket`: its place, if it held one, goes to the next connection. */
  requested(socket: S): void {
    if (this.armed.delete(socket) && this.waiting) this.nextTurn();
  }

  private arm(socket: S): void {
    if (socket.destroyed) return;
    this.armed.set(socket, this.now());
    try {
      socket.resume();
    } catch (e) {
      this.armed.delete(socket);
      this.onError(e);
    }
  }

  /** Frees the places of connections closed or silent past the grace. */
  private expire(): void {
    const now = this.now();
    for (const [socket, at] of this.armed) {
      if (socket.destroyed || now - at >= this.graceMs) this.armed.delete(socket);
    }
  }

  private nextTurn(): void {
    if (this.turnScheduled) return;
    this.turnScheduled = true;
    setImmediate(() => {
      this.turnScheduled = false;
      this.fill();
    });
  }

  private fill(): void {
    this.expire();
    while (this.waiting && this.armed.size < this.limit) this.arm(this.queue.shift()!);
    if (!this.waiting) return;
    // full of connections that have not written yet: look again when the oldest's grace ends
    if (this.timer) return;
    const oldest = this.armed.values().next().value ?? this.now();
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.fill();
      },
      Math.max(1, oldest + this.graceMs - this.now()),
    );
    this.timer.unref();
  }
}
