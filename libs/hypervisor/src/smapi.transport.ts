import type { Readable } from 'node:stream';
import type {
  CpReply,
  MgmtArgs,
  MgmtOperation,
  MgmtReply,
  SmapiFunction,
  SmapiReply,
  WwpnQueryOutput,
} from './protocol.js';
import { describeCodes } from './smapi/rc.descriptions.js';
import type { OutputRecord } from './smapi/layout.types.js';
import type { FunctionMapping } from './smapi/mapping.types.js';
import type { SmapiResponse } from './smapi/response.codec.js';
import { SMAPI_MAPPINGS } from './smapi/smapi.mappings.js';
import { WireClient, type WireClientOptions } from './smapi/wire.client.js';
import { WireSocket } from './smapi/wire.socket.js';
import { KeptMachineFacts } from './tools/kept-machine-facts.js';
import { ManagementTools } from './tools/management.tools.js';
import { HypervisorTransport } from './transport.js';

/**
 * A failed call's codes. Only a refused VMRELOCATE explains itself (its error data); others
 * are codes alone, described as the reference client describes them.
 */
function failure({ rc, rs, output }: SmapiResponse): SmapiReply<never> {
  const errmsg = typeof output.errorData === 'string' ? output.errorData : describeCodes(rc, rs);
  return { rc, rs, ...(errmsg ? { errmsg } : {}) };
}

/**
 * HV_TRANSPORT=smapi: systems-management functions over the request server's own byte
 * protocol (WireClient; its link failures are already Errors.hvUnreachable / hvTimeout); CP
 * commands and management-guest operations through the management guest's tools
 * (ManagementTools: vmcp, vmur, the IUCV client, the zthin scripts).
 */
export class SmapiTransport extends HypervisorTransport {
  private readonly wire: WireClient;
  private readonly machine: KeptMachineFacts;

  constructor(
    private readonly opts: WireClientOptions,
    private readonly tools: ManagementTools,
  ) {
    super();
    this.wire = new WireClient(opts);
    this.machine = new KeptMachineFacts(() => tools.machine());
  }

  async smapi<T>(fn: SmapiFunction, target: string, params: object = {}): Promise<SmapiReply<T>> {
    const mapping: FunctionMapping = SMAPI_MAPPINGS[fn];
    const p = params as Record<string, unknown>;
    const wireTarget = mapping.callerAsTarget ? this.opts.userid : target;
    const first = await this.wire.call(fn, wireTarget, mapping.toWire(p, target));
    if (first.rc !== 0) return failure(first);
    const more: OutputRecord[] = [];
    for (const values of mapping.moreCalls?.(p, target) ?? []) {
      const next = await this.wire.call(fn, wireTarget, values);
      if (next.rc !== 0) return failure(next);
      more.push(next.output);
    }
    const output = mapping.fromWire(first.output, more);
    const located = fn === 'System_WWPN_Query' ? await this.located(output) : output;
    return { rc: first.rc, rs: first.rs, output: located as T };
  }

  /**
   * System_WWPN_Query's devices with what the answer does not carry: the CPC, the LPAR and
   * each CHPID's PCHID, from the management guest as the reference takes them.
   */
  private async located(output: unknown): Promise<WwpnQueryOutput> {
    const wwpn = output as WwpnQueryOutput;
    const m = await this.machine.get(wwpn.devices.map((d) => d.chpid));
    return {
      cpcSn: m.cpcSn,
      cpcName: m.cpcName,
      lpar: m.lpar,
      devices: wwpn.devices.map((d) => ({ ...d, pchid: m.pchids[d.chpid.toUpperCase()] ?? '' })),
    };
  }

  cp(command: string): Promise<CpReply> {
    return this.tools.cp(command);
  }

  mgmt<T extends MgmtReply>(
    op: MgmtOperation,
    args: MgmtArgs,
    input?: Readable,
    onBytes?: (sent: number) => void,
  ): Promise<T> {
    return this.tools.mgmt<T>(op, args, input, onBytes);
  }

  mgmtFile(op: MgmtOperation, args: MgmtArgs): Promise<Readable | MgmtReply> {
    return this.tools.mgmtFile(op, args);
  }

  /** The request server accepts a connection (no call is made), and the tools are there. */
  async ping(): Promise<boolean> {
    try {
      const socket = await WireSocket.open(this.opts, Math.min(this.opts.connectTimeoutMs, 3000));
      socket.close();
    } catch {
      return false;
    }
    return this.tools.ping();
  }
}
