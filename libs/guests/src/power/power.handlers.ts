import { Injectable } from '@nestjs/common';
import { SystemsManagement, tolerating } from '#hypervisor';
import type { GuestTargetPayload } from '#jobs';
import type { OperationContext, OperationHandler } from '#operations';
import { GuestsRepository } from '#persistence';
import { requireManagedGuest } from '../managed/managed-guest.js';

/** guest.start: Image_Activate; an already active guest is fine (200/8). */
@Injectable()
export class StartGuestHandler implements OperationHandler<'guest.start'> {
  constructor(
    private readonly hv: SystemsManagement,
    private readonly guests: GuestsRepository,
  ) {}

  async run({ userid }: GuestTargetPayload, ctx: OperationContext): Promise<''> {
    await requireManagedGuest(this.guests, userid);
    await ctx.step('activate', () => tolerating(this.hv.imageActivate(userid), [200, 8]));
    return '';
  }
}

/** guest.stop: Image_Deactivate IMMED; an inactive guest is fine (200/12, 200/16). */
@Injectable()
export class StopGuestHandler implements OperationHandler<'guest.stop'> {
  constructor(
    private readonly hv: SystemsManagement,
    private readonly guests: GuestsRepository,
  ) {}

  async run({ userid }: GuestTargetPayload, ctx: OperationContext): Promise<''> {
    await requireManagedGuest(this.guests, userid);
    await ctx.step('deactivate', () =>
      tolerating(this.hv.imageDeactivate(userid, true), [200, 12], [200, 16]),
    );
    return '';
  }
}
