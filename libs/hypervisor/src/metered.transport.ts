import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import type { WorkMeter } from '#telemetry';
import type {
  CpReply,
  MgmtArgs,
  MgmtOperation,
  MgmtReply,
  SmapiFunction,
  SmapiReply,
} from './protocol.js';
import { HypervisorTransport } from './transport.js';

/** The rc label of a call that got no answer (the link failed, or it timed out). */
export const NO_ANSWER = 'none';

/** A CP command's verb: its operands (userids, devices) would make every label unique. */
const cpVerb = (command: string): string => `CP ${command.trim().split(/\s+/, 1)[0].toUpperCase()}`;

/**
 * A transport whose every call is measured (WorkMeter.hypervisorCall): function, CP verb or
 * management operation, the rc it answered and how long it took. Link probes are not: they run
 * every few seconds with nobody asking.
 */
export class MeteredTransport extends HypervisorTransport {
  constructor(
    private readonly inner: HypervisorTransport,
    private readonly meter: WorkMeter,
  ) {
    super();
  }

  private async measured<T>(name: string, call: () => Promise<T>, rcOf: (r: T) => number) {
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    let reply: T;
    try {
      reply = await call();
    } catch (e) {
      this.meter.hypervisorCall(name, NO_ANSWER, seconds());
      throw e;
    }
    this.meter.hypervisorCall(name, String(rcOf(reply)), seconds());
    return reply;
  }

  smapi<T>(fn: SmapiFunction, target: string, params?: object): Promise<SmapiReply<T>> {
    return this.measured(
      fn,
      () => this.inner.smapi<T>(fn, target, params),
      (r) => r.rc,
    );
  }

  cp(command: string): Promise<CpReply> {
    return this.measured(
      cpVerb(command),
      () => this.inner.cp(command),
      (r) => r.rc,
    );
  }

  mgmt<T extends MgmtReply>(
    op: MgmtOperation,
    args: MgmtArgs,
    input?: Readable,
    onBytes?: (sent: number) => void,
  ): Promise<T> {
    return this.measured(
      op,
      () => this.inner.mgmt<T>(op, args, input, onBytes),
      (r) => r.rc,
    );
  }

  /** Measured until the file starts to flow (its bytes are the caller's to read). */
  mgmtFile(op: MgmtOperation, args: MgmtArgs): Promise<Readable | MgmtReply> {
    return this.measured(
      op,
      () => this.inner.mgmtFile(op, args),
      (r) => ('rc' in r && typeof r.rc === 'number' ? r.rc : 0),
    );
  }

  ping(): Promise<boolean> {
    return this.inner.ping();
  }
}
