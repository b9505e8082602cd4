import type { MgmtOperation, SmapiFunction } from '#hypervisor';

/** What a call is: an SMAPI function, a CP command, or a management-guest operation. */
export type CallOp = SmapiFunction | 'CP' | MgmtOperation;

/**
 * Which front door a call came through: `http` the HTTP/JSON API, `wire` the systems-management
 * wire protocol, `tool` one of the management-guest executables (vmcp, vmur, …; see bin/).
 */
export type CallVia = 'http' | 'wire' | 'tool';

/**
 * A call's input file (a punch's, an unpack's image): still arriving, all of it arrived, or cut
 * off by its client going away. A call is in flight from its headers on, so a client killed
 * while the input is still `arriving` never made the call: its effect never happens.
 */
export type InputState = 'arriving' | 'complete' | 'broken';

/** One call as the hypervisor saw it; `end`/`rc` stay null while it is in flight. */
export interface CallRecord {
  /** Arrival order, from 1; keeps growing across resets. */
  seq: number;
  function: CallOp;
  /** The CP command line, for CP calls. */
  command?: string;
  target: string;
  via: CallVia;
  /** The executable, for calls via a tool. */
  tool?: string;
  /** Epoch milliseconds with sub-millisecond precision. */
  start: number;
  end: number | null;
  rc: number | null;
  rs: number | null;
  /** Id of the fault that answered instead of the function. */
  fault?: string;
  /** Set when the call ended in a simulated transport failure. */
  crash?: 'socket' | 'http500';
  /** For a call that carries an input file: how much of it has arrived. */
  input?: InputState;
}

/** Oldest entries are dropped past this, so a long-running simulator stays small. */
const MAX_ENTRIES = 10_000;

const preciseNow = (): number => performance.timeOrigin + performance.now();

/** In-memory, ordered log of every SMAPI, CP and management call (to prove per-guest ordering). */
export class CallLog {
  private seq = 0;
  private entries: CallRecord[] = [];

  begin(
    fn: CallOp,
    target: string,
    command?: string,
    from: { via: CallVia; tool?: string } = { via: 'http' },
  ): CallRecord {
    const rec: CallRecord = {
      seq: ++this.seq,
      function: fn,
      ...(command === undefined ? {} : { command }),
      target,
      via: from.via,
      ...(from.tool === undefined ? {} : { tool: from.tool }),
      start: preciseNow(),
      end: null,
      rc: null,
      rs: null,
    };
    this.entries.push(rec);
    if (this.entries.length > MAX_ENTRIES)
      this.entries.splice(0, this.entries.length - MAX_ENTRIES);
    return rec;
  }

  end(rec: CallRecord, outcome: Partial<Pick<CallRecord, 'rc' | 'rs' | 'fault' | 'crash'>>): void {
    Object.assign(rec, outcome, { end: preciseNow() });
  }

  /** How much of a call's input file has arrived (it may still change after the call ended). */
  input(rec: CallRecord, state: InputState): void {
    rec.input = state;
  }

  /** Calls with seq > `since`, in arrival order. */
  since(since = 0): CallRecord[] {
    return this.entries.filter((e) => e.seq > since).map((e) => ({ ...e }));
  }

  /** Empties the log; seq keeps counting so `since` cursors stay valid. */
  clear(): void {
    this.entries = [];
  }

  get lastSeq(): number {
    return this.seq;
  }
}
