import type { CpReply, SmapiFunction, SmapiReply } from './protocol.js';

/** How HypervisorClient reaches the hypervisor; chosen by HV_TRANSPORT. */
export abstract class HypervisorTransport {
  /** Calls one systems-management API function; resolves with its rc/rs, never throws on rc≠0. */
  abstract smapi<T>(fn: SmapiFunction, target: string, params?: object): Promise<SmapiReply<T>>;
  /** Issues one CP command; resolves with its return code and response lines. */
  abstract cp(command: string): Promise<CpReply>;
  /** Whether the hypervisor answers at all (for readiness). */
  abstract ping(): Promise<boolean>;
}
