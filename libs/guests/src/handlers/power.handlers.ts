import { Injectable } from '@nestjs/common';
import { Errors, ModID } from '#envelope';
import { HypervisorClient, isSmapi } from '#hypervisor';
import type { GuestTargetPayload } from '#jobs';
import type { OperationContext, OperationHandler } from '#operations';
import { GuestsRepository } from '#persistence';

async function requireManaged(guests: GuestsRepository, userid: string): Promise<void> {
  const g = await guests.findByUserid(userid);
  if (!g || g.migrated) throw Errors.notExist(ModID.GUEST, `Guest '${userid}'`);
}

/** guest.start: Image_Activate; an already active guest is fine (200/8). */
@Injectable()
export class StartGuestHandler implements OperationHandler<'guest.start'> {
  constructor(
    private readonly hv: HypervisorClient,
    private readonly guests: GuestsRepository,
  ) {}

  async run({ userid }: GuestTargetPayload, ctx: OperationContext): Promise<''> {
    await requireManaged(this.guests, userid);
    await ctx.step('activate', async () => {
      try {
        await this.hv.imageActivate(userid);
      } catch (e) {
        if (!isSmapi(e, [200, 8])) throw e;
      }
    });
    return '';
  }
}

/** guest.stop: Image_Deactivate IMMED; an inactive guest is fine (200/12, 200/16). */
@Injectable()
export class StopGuestHandler implements OperationHandler<'guest.stop'> {
  constructor(
    private readonly hv: HypervisorClient,
    private readonly guests: GuestsRepository,
  ) {}

  async run({ userid }: GuestTargetPayload, ctx: OperationContext): Promise<''> {
    await requireManaged(this.guests, userid);
    await ctx.step('deactivate', async () => {
      try {
        await this.hv.imageDeactivate(userid, true);
      } catch (e) {
        if (!isSmapi(e, [200, 12], [200, 16])) throw e;
      }
    });
    return '';
  }
}
