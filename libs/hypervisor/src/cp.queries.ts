import { Injectable } from '@nestjs/common';
import { Errors, type Userid } from '#envelope';
import { cpCommand } from './cp-command.js';
import { HypervisorExchange } from './hypervisor.exchange.js';

export type PowerState = 'on' | 'off';

/** CP's answers about users and the system, each command built through cpCommand(). */
@Injectable()
export class CpQueries {
  // an ES private field: one test double may stand in for several parts (A & B stays a type)
  readonly #hv: HypervisorExchange;
  constructor(hv: HypervisorExchange) {
    this.#hv = hv;
  }

  /** CP `QUERY SSI`: the cluster's lines as CP prints them; [] when not an SSI member. */
  async querySsi(): Promise<string[]> {
    const reply = await this.#hv.observe(() => this.#hv.transport.cp(cpCommand('QUERY', 'SSI')));
    if (reply.rc === 0) return reply.lines;
    if (reply.rc === 2650) return [];
    throw Errors.cp(`CP QUERY SSI failed: rc ${reply.rc} ${reply.lines.join(' ')}`);
  }

  /** CP `QUERY USERID`: the management guest's userid and the system it runs on. */
  async queryUserid(): Promise<{ userid: string; systemId: string }> {
    const reply = await this.#hv.observe(() => this.#hv.transport.cp(cpCommand('QUERY', 'USERID')));
    const m = /^(\S+)\s+AT\s+(\S+)/.exec(reply.lines[0] ?? '');
    if (reply.rc !== 0 || !m) {
      throw Errors.cp(`CP QUERY USERID failed: rc ${reply.rc} ${reply.lines.join(' ')}`);
    }
    return { userid: m[1], systemId: m[2] };
  }

  /** CP `QUERY CPLEVEL`: the level, generation and IPL lines as CP prints them. */
  async queryCplevel(): Promise<string[]> {
    const reply = await this.#hv.observe(() =>
      this.#hv.transport.cp(cpCommand('QUERY', 'CPLEVEL')),
    );
    if (reply.rc !== 0) {
      throw Errors.cp(`CP QUERY CPLEVEL failed: rc ${reply.rc} ${reply.lines.join(' ')}`);
    }
    return reply.lines;
  }

  /**
   * CP `QUERY USER`: whether the user is logged on. HCP045E (not logged on) and HCP003E/HCP361E
   * (no such user) both read as `off`, as the reference does.
   */
  async queryUserPower(userid: Userid): Promise<PowerState> {
    const reply = await this.#hv.observe(() =>
      this.#hv.transport.cp(cpCommand('QUERY', 'USER', userid)),
    );
    if (reply.rc === 0) return 'on';
    const text = reply.lines.join(' ');
    if ([45, 3, 361].includes(reply.rc) || /HCP(045|003|361)E/.test(text)) return 'off';
    throw Errors.cp(`CP QUERY USER ${userid} failed: rc ${reply.rc} ${text}`);
  }

  /**
   * CP `QUERY USER id AT ALL`: the SSI member the user runs on now; null when not logged on
   * (HCP045E, or no such user).
   */
  async memberOf(userid: Userid): Promise<string | null> {
    const reply = await this.#hv.observe(() =>
      this.#hv.transport.cp(cpCommand('QUERY', 'USER', userid, 'AT', 'ALL')),
    );
    const m = / AT (\S+)\s*$/.exec(reply.lines[0] ?? '');
    if (reply.rc === 0 && m) return m[1];
    const text = reply.lines.join(' ');
    if ([45, 3, 361].includes(reply.rc) || /HCP(045|003|361)E/.test(text)) return null;
    throw Errors.cp(`CP QUERY USER ${userid} AT ALL failed: rc ${reply.rc} ${text}`);
  }

  /** CP `QUERY VMRELOCATE id`: whether a relocation of the user is in progress. */
  async relocating(userid: Userid): Promise<boolean> {
    const reply = await this.#hv.observe(() =>
      this.#hv.transport.cp(cpCommand('QUERY', 'VMRELOCATE', userid)),
    );
    if (reply.rc !== 0) {
      throw Errors.cp(
        `CP QUERY VMRELOCATE ${userid} failed: rc ${reply.rc} ${reply.lines.join(' ')}`,
      );
    }
    return !reply.lines.some((l) => /no relocations in progress/i.test(l));
  }
}
