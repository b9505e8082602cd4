import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import { HvError } from '#envelope';
import { currentLogger } from '#logging';
import type {
  CpReply,
  MgmtArgs,
  MgmtOperation,
  MgmtReply,
  SmapiFunction,
  SmapiReply,
} from './protocol.js';
import { HypervisorTransport } from './transport.js';

/** The codes a reply or failure carries, as the call line shows them. */
function codesOf(outcome: unknown): { rc?: number; rs?: number } {
  const o = outcome as { rc?: unknown; rs?: unknown } | null;
  return {
    ...(typeof o?.rc === 'number' ? { rc: o.rc } : {}),
    ...(typeof o?.rs === 'number' ? { rs: o.rs } : {}),
  };
}

/**
 * One line per call at debug (function or command, target, rc/rs, ms), in the context of the
 * operation making it (its id and request id come from the log context). Costs nothing more
 * than a level check unless debug is on. Parameters are never logged (a guest's password is
 * one); management operations show their name and the guest they act on.
 */
async function logged<T>(what: Record<string, unknown>, call: () => Promise<T>): Promise<T> {
  const log = currentLogger();
  if (!log.isLevelEnabled('debug')) return call();
  const started = performance.now();
  const ms = () => Math.round((performance.now() - started) * 10) / 10;
  try {
    const out = await call();
    log.debug({ ...what, ...codesOf(out), ms: ms() }, 'hypervisor call');
    return out;
  } catch (e) {
    const failure = e instanceof HvError ? codesOf(e) : { error: (e as Error).message };
    log.debug({ ...what, ...failure, ms: ms() }, 'hypervisor call failed');
    throw e;
  }
}

/** `userid` of a management operation's arguments, when it names one. */
const targetOf = (args: MgmtArgs): string | undefined => args.userid;

/** A transport whose calls are logged (call-log.ts); the same fields over either transport. */
export class CallLoggingTransport extends HypervisorTransport {
  constructor(private readonly inner: HypervisorTransport) {
    super();
  }

  smapi<T>(fn: SmapiFunction, target: string, params?: object): Promise<SmapiReply<T>> {
    return logged({ function: fn, target }, () => this.inner.smapi<T>(fn, target, params));
  }

  cp(command: string): Promise<CpReply> {
    return logged({ command: `CP ${command}` }, () => this.inner.cp(command));
  }

  mgmt<T extends MgmtReply>(
    op: MgmtOperation,
    args: MgmtArgs,
    input?: Readable,
    onBytes?: (sent: number) => void,
  ): Promise<T> {
    return logged({ command: op, target: targetOf(args) }, () =>
      this.inner.mgmt<T>(op, args, input, onBytes),
    );
  }

  mgmtFile(op: MgmtOperation, args: MgmtArgs): Promise<Readable | MgmtReply> {
    return logged({ command: op, target: targetOf(args) }, () => this.inner.mgmtFile(op, args));
  }

  ping(): Promise<boolean> {
    return this.inner.ping();
  }
}
