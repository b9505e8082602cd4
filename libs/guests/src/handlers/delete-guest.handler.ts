import { Injectable } from '@nestjs/common';
import { HypervisorClient, tolerating } from '#hypervisor';
import type { GuestTargetPayload } from '#jobs';
import type { OperationContext, OperationHandler } from '#operations';
import { GuestsRepository } from '#persistence';

/** guest.delete: log off, delete the directory entry (and its disks), forget the guest (§9.2). */
@Injectable()
export class DeleteGuestHandler implements OperationHandler<'guest.delete'> {
  constructor(
    private readonly hv: HypervisorClient,
    private readonly guests: GuestsRepository,
  ) {}

  async run({ userid }: GuestTargetPayload, ctx: OperationContext): Promise<''> {
    if ((await this.hv.queryUserPower(userid)) === 'on') {
      await ctx.step('log off', () =>
        tolerating(this.hv.imageDeactivate(userid, true), [200, 12], [200, 16]),
      );
    }
    // already gone (400/4) is fine: deleting is idempotent
    await ctx.step('delete user', () => tolerating(this.hv.imageDeleteDM(userid), [400, 4]));
    await ctx.step('forget guest', () => this.guests.delete(userid));
    return '';
  }
}
