import type { Readable } from 'node:stream';
import { hypervisorCall } from '#telemetry';
import type {
  CpReply,
  MgmtArgs,
  MgmtOperation,
  MgmtReply,
  SmapiFunction,
  SmapiReply,
} from './protocol.js';
import { HypervisorTransport } from './transport.js';

const rcOf = (reply: { rc: number }) => ({ rc: reply.rc });

/**
 * A transport whose every call to the hypervisor is a span (function or command, userid,
 * rc/rs, the operation it is made for): whichever HV_TRANSPORT is wrapped, and whichever part
 * of the client calls, the spans are the same. Used only when tracing (see the factory).
 * Link probes (`ping`) are not traced: they run every few seconds with nobody asking.
 */
export class TracedTransport extends HypervisorTransport {
  constructor(private readonly inner: HypervisorTransport) {
    super();
  }

  smapi<T>(fn: SmapiFunction, target: string, params?: object): Promise<SmapiReply<T>> {
    return hypervisorCall(
      { kind: 'smapi', name: fn, target },
      () => this.inner.smapi<T>(fn, target, params),
      (r) => ({ rc: r.rc, rs: r.rs }),
    );
  }

  cp(command: string): Promise<CpReply> {
    return hypervisorCall({ kind: 'cp', name: command }, () => this.inner.cp(command), rcOf);
  }

  mgmt<T extends MgmtReply>(
    op: MgmtOperation,
    args: MgmtArgs,
    input?: Readable,
    onBytes?: (sent: number) => void,
  ): Promise<T> {
    return hypervisorCall(
      { kind: 'mgmt', name: op, target: args.userid },
      () => this.inner.mgmt<T>(op, args, input, onBytes),
      rcOf,
    );
  }

  /** The span ends when the file starts to flow (its bytes are the caller's to read). */
  mgmtFile(op: MgmtOperation, args: MgmtArgs): Promise<Readable | MgmtReply> {
    return hypervisorCall(
      { kind: 'mgmt', name: op, target: args.userid },
      () => this.inner.mgmtFile(op, args),
      (r) => ('rc' in r && typeof r.rc === 'number' ? { rc: r.rc } : { rc: 0 }),
    );
  }

  ping(): Promise<boolean> {
    return this.inner.ping();
  }
}
