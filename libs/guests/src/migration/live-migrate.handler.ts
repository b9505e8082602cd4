import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable, Logger } from '@nestjs/common';
import { Errors, ModID, type Userid } from '#envelope';
import { SystemsManagement, CpQueries, type VmRelocateOutput } from '#hypervisor';
import type { LiveMigratePayload } from '#jobs';
import type { OperationContext, OperationHandler, ProbeResult } from '#operations';
import { GuestsRepository } from '#persistence';
import { requireManagedGuest } from '../managed/managed-guest.js';

/**
 * guest.live-migrate (reference §9.6): the guest must be managed and on (else guest rs 1, 409).
 * `test` asks VMRELOCATE whether it could move (4/3000 with CP's reasons when not); `move`
 * relocates it, reports the memory passes as progress, and marks it migrated, so this service
 * stops managing it until it is registered again. A relocation its worker died in is probed
 * (relocation in progress? where does the guest run now?) and adopted, never issued twice.
 */
@Injectable()
export class LiveMigrateHandler implements OperationHandler<'guest.live-migrate'> {
  private readonly log = new Logger(LiveMigrateHandler.name);

  constructor(
    private readonly hv: SystemsManagement,
    private readonly cp: CpQueries,
    private readonly guests: GuestsRepository,
  ) {}

  async run(p: LiveMigratePayload, ctx: OperationContext): Promise<''> {
    await requireManagedGuest(this.guests, p.userid);
    if ((await this.cp.queryUserPower(p.userid)) !== 'on') throw notActive(p.userid);

    if (p.action === 'test') {
      await ctx.step('relocate test', () =>
        this.hv.vmRelocate(p.userid, { action: 'TEST', destination: p.destination }),
      );
      return '';
    }
    const moved = await ctx.step(
      'relocate',
      () =>
        this.hv.vmRelocate(p.userid, { action: 'MOVE', destination: p.destination, ...p.options }),
      { probe: () => this.relocatedTo(p.userid, p.destination) },
    );
    if (moved) await this.reportPasses(moved, ctx);
    await ctx.step('mark migrated', () => this.guests.update(p.userid, { migrated: true }));
    if (p.destAgentUserid) {
      // The reference writes the destination agent into the guest's iucv_authorized_userid over
      // IUCV and only logs a failure; this service has no channel into guests yet.
      await ctx.skip(
        'authorize destination agent',
        `no guest channel: ${p.destAgentUserid} must be authorised in the guest`,
      );
    }
    await ctx.progress(100);
    return '';
  }

  /**
   * Probe of a relocation whose worker died in it: never a second VMRELOCATE while one may still
   * run. A relocation in progress is waited for; then the guest is where CP says it is now.
   */
  private async relocatedTo(userid: Userid, destination: string): Promise<ProbeResult> {
    const until = Date.now() + RELOCATION_WAIT_MAX_MS;
    while (await this.cp.relocating(userid)) {
      if (Date.now() > until) throw stillRelocating(userid);
      await sleep(RELOCATION_POLL_MS);
    }
    const member = await this.cp.memberOf(userid);
    this.log.log(`relocation of ${userid} in doubt: it runs on ${member ?? 'no member'} now`);
    return member === destination.toUpperCase() ? 'done' : 'absent';
  }

  /** Progress by memory copied, pass by pass (the answer lists them once the move is done). */
  private async reportPasses(out: VmRelocateOutput, ctx: OperationContext): Promise<void> {
    const total = out.passes.reduce((s, x) => s + x.megabytes, 0) || 1;
    let copied = 0;
    for (const pass of out.passes) {
      copied += pass.megabytes;
      this.log.log(
        `relocation ${out.source}→${out.destination} pass ${pass.pass}: ${pass.megabytes} MB ` +
          `in ${pass.ms} ms${pass.quiesced ? ' (quiesced)' : ''}`,
      );
      await ctx.progress((90 * copied) / total);
    }
  }
}

/** A relocation still running after this long is not waited for any more (the step fails). */
const RELOCATION_WAIT_MAX_MS = 15 * 60_000;
const RELOCATION_POLL_MS = 500;

function stillRelocating(userid: Userid) {
  return Errors.guest(
    8,
    `Guest '${userid}' is still being relocated by an earlier attempt; not relocating it again`,
  );
}

/** Guest rs 1 with the conflict rule: 409, as the reference answers for an inactive guest. */
export function notActive(userid: Userid) {
  return Errors.conflict(ModID.GUEST, 1, `Guest '${userid}' is not active.`);
}
