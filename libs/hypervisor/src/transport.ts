import type { Readable } from 'node:stream';
import type {
  CpReply,
  MgmtArgs,
  MgmtOperation,
  MgmtReply,
  SmapiFunction,
  SmapiReply,
} from './protocol.js';

/** How the hypervisor's API (HypervisorExchange) reaches the hypervisor; chosen by HV_TRANSPORT. */
export abstract class HypervisorTransport {
  /** Calls one systems-management API function; resolves with its rc/rs, never throws on rc≠0. */
  abstract smapi<T>(fn: SmapiFunction, target: string, params?: object): Promise<SmapiReply<T>>;
  /** Issues one CP command; resolves with its return code and response lines. */
  abstract cp(command: string): Promise<CpReply>;
  /**
   * Runs a management-guest operation, streaming `input` to it as its input file (`onBytes`
   * gets the total sent so far); resolves with its reply, never throws on rc≠0.
   */
  abstract mgmt<T extends MgmtReply>(
    op: MgmtOperation,
    args: MgmtArgs,
    input?: Readable,
    onBytes?: (sent: number) => void,
  ): Promise<T>;
  /** Runs an operation that writes a file: the file as a stream, or the failure reply. */
  abstract mgmtFile(op: MgmtOperation, args: MgmtArgs): Promise<Readable | MgmtReply>;
  /** Whether the hypervisor answers at all (for readiness). */
  abstract ping(): Promise<boolean>;
}
