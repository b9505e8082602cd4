import { Injectable } from '@nestjs/common';
import type { Userid } from '#envelope';
import { SystemsManagement, CpQueries, isSmapi, tolerating } from '#hypervisor';
import type { GuestTargetPayload } from '#jobs';
import type { OperationContext, OperationHandler } from '#operations';
import { FcpRepository, GuestsRepository } from '#persistence';

/**
 * guest.delete: log off, delete the directory entry (and its disks), revoke its vswitch access,
 * release its FCPs, forget the guest (§9.2).
 */
@Injectable()
export class DeleteGuestHandler implements OperationHandler<'guest.delete'> {
  constructor(
    private readonly hv: SystemsManagement,
    private readonly cp: CpQueries,
    private readonly guests: GuestsRepository,
    private readonly fcps: FcpRepository,
  ) {}

  async run({ userid }: GuestTargetPayload, ctx: OperationContext): Promise<''> {
    if ((await this.cp.queryUserPower(userid)) === 'on') {
      await ctx.step('log off', () =>
        tolerating(this.hv.imageDeactivate(userid, true), [200, 12], [200, 16]),
      );
    }
    // already gone (400/4) is fine: deleting is idempotent
    await ctx.step('delete user', () => tolerating(this.hv.imageDeleteDM(userid), [400, 4]));
    await ctx.step('revoke from vswitches', () => this.revokeEverywhere(userid));
    // the reference resets them when it deletes the user; kept, they would hold their template
    // (DELETE answers 409 rs 22) and never be handed out again
    await ctx.step('release FCPs', () => this.fcps.releaseAllOf(userid));
    await ctx.step('forget guest', () => this.guests.delete(userid));
    return '';
  }

  /** Takes the user off every vswitch access list it is on (§9.2); a switch gone is fine. */
  private async revokeEverywhere(userid: Userid): Promise<void> {
    const names = await this.hv.vswitchNames().catch((e: unknown) => {
      if (isSmapi(e, [212, 40])) return []; // no vswitch defined
      throw e;
    });
    for (const name of names) {
      const info = await this.hv.vswitchQuery(name).catch((e: unknown) => {
        if (isSmapi(e, [212, 40])) return null;
        throw e;
      });
      if (!info?.authorizedUsers.some((u) => u.grantUserid === userid)) continue;
      const revoke = { switchName: name, revokeUserid: userid, persist: true };
      await tolerating(this.hv.vswitchSet(revoke), [212, 40]);
    }
  }
}
