import { Injectable } from '@nestjs/common';
import { CpQueries } from '#hypervisor';
import type { CreateNicPayload, DeleteNicPayload } from '#jobs';
import type { OperationContext, OperationHandler } from '#operations';
import { requireManagedGuest } from '#guests';
import { GuestsRepository } from '#persistence';
import { requireActiveIf } from './nic-guards.js';
import { NicSteps } from './nic-steps.js';

/**
 * nic.create (reference §9.9): NICDEF in the directory, the NIC in the running guest when
 * `active` (its failure undoes the directory part), then the record. Output: the device number.
 */
@Injectable()
export class CreateNicHandler implements OperationHandler<'nic.create'> {
  constructor(
    private readonly cp: CpQueries,
    private readonly guests: GuestsRepository,
    private readonly steps: NicSteps,
  ) {}

  async run(p: CreateNicPayload, ctx: OperationContext): Promise<string> {
    await requireManagedGuest(this.guests, p.userid);
    await requireActiveIf(this.cp, p.userid, p.active);
    return this.steps.create(ctx, p.userid, p);
  }
}

/** nic.delete: unknown device numbers are a success (reference §10 #7). */
@Injectable()
export class DeleteNicHandler implements OperationHandler<'nic.delete'> {
  constructor(
    private readonly cp: CpQueries,
    private readonly guests: GuestsRepository,
    private readonly steps: NicSteps,
  ) {}

  async run(p: DeleteNicPayload, ctx: OperationContext): Promise<''> {
    await requireManagedGuest(this.guests, p.userid);
    await requireActiveIf(this.cp, p.userid, p.active);
    await this.steps.delete(ctx, p.userid, p.vdev, p.active);
    return '';
  }
}
