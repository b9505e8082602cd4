import type { Readable } from 'node:stream';
import { Injectable, Optional } from '@nestjs/common';
import { Errors, HvError, type Userid } from '#envelope';
import { WorkMeter } from '#telemetry';
import { mgmtFailure } from './mgmt.error.js';
import type { MgmtArgs, MgmtOperation, MgmtReply, SmapiFunction } from './protocol.js';
import { SmapiHealth } from './smapi-health.js';
import { CallLoggingTransport } from './call-log.js';
import { MeteredTransport } from './metered.transport.js';
import { HypervisorTransport } from './transport.js';

/**
 * One exchange with the hypervisor, counted in the health counters: a function call that
 * raises HvError with the SMT-layer codes (overallRC 8 + the API's rc/rs, modID 1) when the
 * hypervisor says no, a management-guest operation that raises `mgmtFailure` (overallRC 3,
 * rc 415, rs = the command's rc). Injected by each part of the hypervisor's API (the
 * systems-management functions, the CP queries, the management guest's operations), which are
 * siblings that each hold an exchange rather than layers of one class: so `observe`, `call`,
 * `mgmt` and the transport are public, the one way those parts reach the hypervisor.
 */
@Injectable()
export class HypervisorExchange {
  /**
   * Every call passes here: logged at debug the same way over either transport (call-log.ts),
   * and measured when a meter is given (a worker serving its metrics).
   */
  readonly transport: HypervisorTransport;

  constructor(
    transport: HypervisorTransport,
    private readonly health: SmapiHealth,
    @Optional() meter?: WorkMeter,
  ) {
    const measured = meter ? new MeteredTransport(transport, meter) : transport;
    this.transport = new CallLoggingTransport(measured);
  }

  /** Runs one exchange with the hypervisor, counting whether the link answered. */
  async observe<T>(exchange: () => Promise<T>): Promise<T> {
    try {
      const out = await exchange();
      void this.health.record(true);
      return out;
    } catch (e) {
      // Only our own errors say the link failed; a caller's input stream failing says nothing.
      if (e instanceof HvError) void this.health.record(false);
      throw e;
    }
  }

  async mgmt<T extends MgmtReply>(
    op: MgmtOperation,
    args: MgmtArgs,
    input?: Readable,
    onBytes?: (sent: number) => void,
  ): Promise<T> {
    const reply = await this.observe(() => this.transport.mgmt<T>(op, args, input, onBytes));
    if (reply.rc !== 0) throw mgmtFailure(`${op} ${Object.values(args).join(' ')}`, reply);
    return reply;
  }

  /** A systems-management function on a user (`*`: on none, or on the system). */
  async call<T>(fn: SmapiFunction, target: Userid | '*', params?: object): Promise<T> {
    const reply = await this.observe(() => this.transport.smapi<T>(fn, target, params));
    if (reply.rc !== 0) {
      throw Errors.smapi(
        reply.rc,
        reply.rs,
        `SMAPI ${fn} for ${target} failed: rc ${reply.rc} rs ${reply.rs}` +
          (reply.errmsg ? ` (${reply.errmsg})` : ''),
      );
    }
    return reply.output as T;
  }

  /** Whether the hypervisor link answers; counted in the health counters like any call. */
  async ping(): Promise<boolean> {
    const ok = await this.transport.ping();
    void this.health.record(ok);
    return ok;
  }
}
