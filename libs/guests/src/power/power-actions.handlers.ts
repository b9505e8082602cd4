import { Injectable } from '@nestjs/common';
import { Errors, type Userid } from '#envelope';
import { SystemsManagement, CpQueries, ManagementGuestOps, tolerating } from '#hypervisor';
import type { GuestTargetPayload } from '#jobs';
import type { OperationContext, OperationHandler } from '#operations';
import { GuestsRepository } from '#persistence';
import { requireManagedGuest } from '../managed/managed-guest.js';
import { powerReadBack } from './power-readback.js';
import { softStop } from './soft-stop.js';
import { waitPower } from './wait-power.js';

/**
 * guest.softstop (reference §9.3): the OS shuts itself down first when it can be reached (an
 * unreachable guest counts as already shut down), then CP logs it off non-immediately and we
 * wait until it is off. Already off: 200/12 and 200/16 are the wanted state.
 */
@Injectable()
export class SoftstopGuestHandler implements OperationHandler<'guest.softstop'> {
  constructor(
    private readonly hv: SystemsManagement,
    private readonly cp: CpQueries,
    private readonly guestOps: ManagementGuestOps,
    private readonly guests: GuestsRepository,
  ) {}

  async run({ userid }: GuestTargetPayload, ctx: OperationContext): Promise<''> {
    await requireManagedGuest(this.guests, userid);
    await softStop(this.hv, this.cp, this.guestOps, userid, ctx);
    return '';
  }
}

/** guest.pause / guest.unpause: Image_Pause; an off guest is guest rs 5 (→ 409 for actions). */
async function pauseGuest(
  hv: SystemsManagement,
  cp: CpQueries,
  guests: GuestsRepository,
  ctx: OperationContext,
  userid: Userid,
  pause: boolean,
): Promise<''> {
  await requireManagedGuest(guests, userid);
  if ((await cp.queryUserPower(userid)) === 'off') {
    throw Errors.guest(
      5,
      `Failed to ${pause ? 'pause' : 'unpause'} guest '${userid}': the guest is powered off, ` +
        'start it before pause/unpause',
    );
  }
  await ctx.step(pause ? 'pause' : 'unpause', () => hv.imagePause(userid, pause));
  return '';
}

@Injectable()
export class PauseGuestHandler implements OperationHandler<'guest.pause'> {
  constructor(
    private readonly hv: SystemsManagement,
    private readonly cp: CpQueries,
    private readonly guests: GuestsRepository,
  ) {}

  run({ userid }: GuestTargetPayload, ctx: OperationContext): Promise<''> {
    return pauseGuest(this.hv, this.cp, this.guests, ctx, userid, true);
  }
}

@Injectable()
export class UnpauseGuestHandler implements OperationHandler<'guest.unpause'> {
  constructor(
    private readonly hv: SystemsManagement,
    private readonly cp: CpQueries,
    private readonly guests: GuestsRepository,
  ) {}

  run({ userid }: GuestTargetPayload, ctx: OperationContext): Promise<''> {
    return pauseGuest(this.hv, this.cp, this.guests, ctx, userid, false);
  }
}

/** guest.reboot: the OS restarts itself (`shutdown -r now` over IUCV); the guest stays on. */
@Injectable()
export class RebootGuestHandler implements OperationHandler<'guest.reboot'> {
  constructor(
    private readonly guestOps: ManagementGuestOps,
    private readonly guests: GuestsRepository,
  ) {}

  async run({ userid }: GuestTargetPayload, ctx: OperationContext): Promise<''> {
    await requireManagedGuest(this.guests, userid);
    await ctx.step('reboot os', () => this.guestOps.execInGuest(userid, 'shutdown -r now'));
    return '';
  }
}

/**
 * guest.reset: a graceful log-off (Image_Deactivate, not immediate; already off is fine),
 * wait until off, then log on again, which IPLs the guest.
 */
@Injectable()
export class ResetGuestHandler implements OperationHandler<'guest.reset'> {
  constructor(
    private readonly hv: SystemsManagement,
    private readonly cp: CpQueries,
    private readonly guests: GuestsRepository,
  ) {}

  async run({ userid }: GuestTargetPayload, ctx: OperationContext): Promise<''> {
    await requireManagedGuest(this.guests, userid);
    await ctx.step('deactivate', () =>
      tolerating(this.hv.imageDeactivate(userid, false), [200, 12], [200, 16]),
    );
    await ctx.step('wait off', () => waitPower(this.cp, userid, 'off'));
    const activate = () => tolerating(this.hv.imageActivate(userid), [200, 8]);
    await ctx.step('activate', activate, powerReadBack(this.hv, userid, 'on', activate));
    return '';
  }
}

/**
 * guest.console-output: the guest's spooled console since the last read, one string (a read
 * takes it, as the reference's does). Only a guest whose directory has
 * `COMMAND SP CONS * START` spools its console; for others, as for one that printed nothing
 * since the last read, the answer is the reference's 0409 failure (SMT 8/8/8, HTTP 500).
 */
@Injectable()
export class ConsoleOutputHandler implements OperationHandler<'guest.console-output'> {
  constructor(
    private readonly guestOps: ManagementGuestOps,
    private readonly guests: GuestsRepository,
  ) {}

  // no step or undo: a console file leaves the reader only once read (ManagementGuestOps.consoleLog)
  async run({ userid }: GuestTargetPayload): Promise<string> {
    await requireManagedGuest(this.guests, userid);
    const lines = await this.guestOps.consoleLog(userid);
    return lines.length ? `${lines.join('\n')}\n` : '';
  }
}
