import { Injectable } from '@nestjs/common';
import { SystemsManagement, tolerating } from '#hypervisor';
import type { GuestTargetPayload } from '#jobs';
import type { OperationContext, OperationHandler } from '#operations';
import { GuestsRepository } from '#persistence';
import { requireManagedGuest } from '../managed/managed-guest.js';
import { powerReadBack } from './power-readback.js';

/** guest.start: Image_Activate; an already active guest is fine (200/8). */
@Injectable()
export class StartGuestHandler implements OperationHandler<'guest.start'> {
  constructor(
    private readonly hv: SystemsManagement,
    private readonly guests: GuestsRepository,
  ) {}

  async run({ userid }: GuestTargetPayload, ctx: OperationContext): Promise<''> {
    await requireManagedGuest(this.guests, userid);
    const activate = () => tolerating(this.hv.imageActivate(userid), [200, 8]);
    await ctx.step('activate', activate, powerReadBack(this.hv, userid, 'on', activate));
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
    const deactivate = () =>
      tolerating(this.hv.imageDeactivate(userid, true), [200, 12], [200, 16]);
    await ctx.step('deactivate', deactivate, powerReadBack(this.hv, userid, 'off', deactivate));
    return '';
  }
}
