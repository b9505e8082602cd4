import { Injectable } from '@nestjs/common';
import { HypervisorClient, isSmapi } from '#hypervisor';
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
      await ctx.step('log off', async () => {
        try {
          await this.hv.imageDeactivate(userid, true);
        } catch (e) {
          if (!isSmapi(e, [200, 12], [200, 16])) throw e; // already off or going off
        }
      });
    }
    await ctx.step('delete user', async () => {
      try {
        await this.hv.imageDeleteDM(userid);
      } catch (e) {
        if (!isSmapi(e, [400, 4])) throw e; // already gone: deleting is idempotent
      }
    });
    await ctx.step('forget guest', () => this.guests.delete(userid));
    return '';
  }
}
