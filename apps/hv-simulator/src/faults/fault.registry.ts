import type { CallOp } from '../calls/call.log.js';

export type CrashMode = 'socket' | 'http500';

/** An injected failure, applied before the function's own logic; it never changes state. */
export interface Fault {
  id: string;
  /** SMAPI function name, `CP` or a management operation (`unpackdiskimage`, …). */
  function: CallOp;
  /** Userid it applies to, or `*` for any target. */
  target: string;
  /** Return/reason code to answer with; absent for a pure hang or crash. */
  rc?: number;
  rs?: number;
  errmsg?: string;
  /**
   * Only calls whose detail contains this text (case-insensitive) match: the SMAPI parameters
   * as JSON, the CP command, or a management operation's arguments (e.g. the guest command of
   * an execcmd). Absent = every call of the function.
   */
  match?: string;
  /** Matches left; null = until cleared. */
  remaining: number | null;
  /** Delay before answering (or before crashing). */
  hang_ms: number;
  /**
   * The call waits, in flight, until the fault is released (or the faults are cleared) and then
   * goes on: a test can act while the call is surely still running, with no timing to race.
   */
  hold: boolean;
  crash: CrashMode | null;
  hits: number;
}

const int = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

/** Faults waiting to fire, matched in the order they were added. */
export class FaultRegistry {
  private faults: Fault[] = [];
  private nextId = 1;
  /** Calls waiting on a holding fault, by fault id (kept after the fault itself is used up). */
  private readonly held = new Map<string, (() => void)[]>();

  constructor(private readonly isFunction: (name: string) => boolean) {}

  /** Validates and adds a fault from the admin API body; returns it or a problem description. */
  add(body: unknown): Fault | string {
    if (!body || typeof body !== 'object' || Array.isArray(body)) return 'body must be an object';
    const b = body as Record<string, unknown>;
    const fn = b.function;
    if (typeof fn !== 'string' || (fn !== 'CP' && !this.isFunction(fn))) {
      return 'function must be an SMAPI function name, CP or a management operation';
    }
    const target = b.target === undefined ? '*' : b.target;
    if (typeof target !== 'string' || target === '') return 'target must be a userid or *';
    if (b.rc !== undefined && !int(b.rc)) return 'rc must be an integer';
    if (b.rs !== undefined && !int(b.rs)) return 'rs must be an integer';
    if (b.errmsg !== undefined && typeof b.errmsg !== 'string') return 'errmsg must be a string';
    if (b.match !== undefined && (typeof b.match !== 'string' || b.match === '')) {
      return 'match must be a non-empty string';
    }
    const times = b.times ?? 1;
    if (!int(times) || times < 0) return 'times must be an integer >= 0 (0 = until cleared)';
    const hang = b.hang_ms ?? 0;
    if (!int(hang) || hang < 0) return 'hang_ms must be an integer >= 0';
    const hold = b.hold ?? false;
    if (typeof hold !== 'boolean') return 'hold must be true or false';
    const crash = b.crash === true ? 'socket' : (b.crash ?? null);
    if (crash !== null && crash !== false && crash !== 'socket' && crash !== 'http500') {
      return 'crash must be true, "socket" or "http500"';
    }
    if (b.rc === undefined && !crash && hang === 0 && !hold) {
      return 'give rc (and rs), hang_ms, hold or crash';
    }
    const fault: Fault = {
      id: `F${this.nextId++}`,
      function: fn as Fault['function'],
      target: target.toUpperCase(),
      ...(int(b.rc) ? { rc: b.rc, rs: int(b.rs) ? b.rs : 0 } : {}),
      ...(typeof b.errmsg === 'string' ? { errmsg: b.errmsg } : {}),
      ...(typeof b.match === 'string' ? { match: b.match } : {}),
      remaining: times === 0 ? null : times,
      hang_ms: hang,
      hold,
      crash: crash === false ? null : crash,
      hits: 0,
    };
    this.faults.push(fault);
    return fault;
  }

  list(): Fault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  /** Removes every fault and lets every held call go on. */
  clear(): void {
    this.faults = [];
    this.release();
  }

  /** Waits until fault `id` is released (release(id) or release()), or the faults are cleared. */
  holdCall(id: string): Promise<void> {
    return new Promise((resolve) => {
      const waiting = this.held.get(id) ?? [];
      waiting.push(resolve);
      this.held.set(id, waiting);
    });
  }

  /** Lets the calls held by fault `id` (or by any fault) go on; how many there were. */
  release(id?: string): number {
    const ids = id === undefined ? [...this.held.keys()] : [id];
    let released = 0;
    for (const key of ids) {
      for (const resolve of this.held.get(key) ?? []) {
        resolve();
        released++;
      }
      this.held.delete(key);
    }
    return released;
  }

  remove(id: string): boolean {
    const before = this.faults.length;
    this.faults = this.faults.filter((f) => f.id !== id);
    return this.faults.length < before;
  }

  /** The first fault matching this call, used up by one; undefined when none applies. */
  take(fn: CallOp, target: string, detail = ''): Fault | undefined {
    const text = detail.toLowerCase();
    const f = this.faults.find(
      (x) =>
        x.function === fn &&
        (x.target === '*' || x.target === target) &&
        (x.match === undefined || text.includes(x.match.toLowerCase())),
    );
    if (!f) return undefined;
    f.hits++;
    if (f.remaining !== null && --f.remaining === 0) this.remove(f.id);
    return { ...f };
  }
}
