import { Injectable } from '@nestjs/common';
import type { Userid } from '#envelope';
import { CpQueries, type PowerState, SystemsManagement } from '#hypervisor';
import { TurnBatchedMembership } from './turn-batched-membership.js';

/**
 * Whether guests are logged on, for power_state. The queries asked in one turn are answered
 * together (TurnBatchedMembership): one asked alone by CP QUERY USER, as the reference asks,
 * several by one Image_Status_Query of `*` (every active image, as fence_zvm lists them).
 * Under load a QUERY USER per request was most of a running guest's power_state
 * (docs/decisions/0004). Both answer for this member of an SSI cluster only.
 */
@Injectable()
export class PowerQueries {
  private readonly batched: TurnBatchedMembership;

  constructor(cp: CpQueries, hv: SystemsManagement) {
    this.batched = new TurnBatchedMembership({
      one: async (id) => (await cp.queryUserPower(id)) === 'on',
      all: async () =>
        new Set((await hv.imageStatusQuery('*')).active.map((u) => u.trim().toUpperCase())),
    });
  }

  /** The user's power now: `on` when logged on; unknown users read `off`. */
  async of(userid: Userid): Promise<PowerState> {
    return (await this.batched.has(userid)) ? 'on' : 'off';
  }
}
