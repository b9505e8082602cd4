import { Injectable } from '@nestjs/common';
import { Errors, ModID } from '#envelope';
import { ManagementGuestOps, SystemsManagement, tolerating } from '#hypervisor';
import type { VolumeConnectionPayload } from '#jobs';
import type { OperationContext, OperationHandler } from '#operations';
import { FcpRepository, type FcpUsage } from '#persistence';
import { scriptUnsupported } from './volume-script.js';
import { applyVolumeScript, reverseVolumeScript } from './volume-script.steps.js';

/**
 * volume.attach (reference §8.2): A database counters, B dedicate the FCPs that got their first
 * connection, C punch the in-guest configuration script and run it when the guest is up. Each
 * phase registers its undo only when `doRollback` is set, so a failure with rollback leaves
 * database, dedications and the guest (its reader and volumes) as they were; without it
 * nothing is undone. The FCP rows are restored exactly: a reservation the connector made
 * before the attach stays (the client releases it with reserve=false), where the reference
 * would unreserve FCPs left without connections.
 */
@Injectable()
export class AttachVolumeHandler implements OperationHandler<'volume.attach'> {
  constructor(
    private readonly hv: SystemsManagement,
    private readonly guestOps: ManagementGuestOps,
    private readonly repo: FcpRepository,
  ) {}

  async run(c: VolumeConnectionPayload, ctx: OperationContext): Promise<''> {
    const undo = <T>(fn: () => Promise<T>) => (c.doRollback ? { undo: fn } : {});
    if (!c.isRootVolume) {
      const users = await this.hv.imageNameQueryDM();
      if (!users.includes(c.assignerId))
        throw Errors.notExist(ModID.VOLUME, `Guest ${c.assignerId}`);
    }
    if (scriptUnsupported(c.osVersion)) throw Errors.notImplemented(ModID.VOLUME, 'volume attach');

    // The rows as they were, so the undo restores them exactly (reservation included).
    let before: FcpUsage[] | undefined;
    const counted = await ctx.step(
      'count connections',
      async () => {
        before = await this.repo.usageOf(c.fcps);
        return this.increment(c);
      },
      undo(() => (before ? this.repo.restoreUsage(before) : this.decrement(c))),
    );
    // done in an earlier attempt: the FCPs this attach brought to their first connection
    const first =
      counted ??
      (await this.repo.fcps(c.fcps)).filter((f) => f.connections === 1).map((f) => f.fcpId);
    if (c.isRootVolume) return '';

    const dedicated = (fcp: string) => this.hv.undedicateFcp(c.assignerId, fcp);
    await ctx.step(
      'dedicate FCPs',
      async (effect) => {
        for (const fcp of first) {
          await this.hv.dedicateFcp(c.assignerId, fcp);
          // each FCP as it is dedicated, so a failure part-way undoes the earlier ones
          if (c.doRollback) effect(() => dedicated(fcp));
        }
      },
      {
        ...undo(async () => {
          for (const fcp of first) await dedicated(fcp).catch(() => undefined);
        }),
        probe: async () => (first.every(await this.dedicatedNow(c)) ? 'done' : 'absent'),
        // in doubt and not all there: those missing dedicated again (404/4 "already defined":
        // a lost call landed meanwhile, which the read-back after the repeat then finds)
        repeat: async () => {
          const has = await this.dedicatedNow(c);
          for (const fcp of first.filter((f) => !has(f))) {
            await tolerating(this.hv.dedicateFcp(c.assignerId, fcp), [404, 4]);
          }
        },
      },
    );

    const total = (await this.repo.fcps(c.fcps)).reduce((s, f) => s + f.connections, 0);
    // punched, and run now when the guest answers over IUCV (else at its next boot)
    await ctx.step(
      'configure volume in guest',
      () => applyVolumeScript(this.guestOps, c, 'attach', total),
      undo(() => reverseVolumeScript(this.guestOps, c, 'attach', total)),
    );
    return '';
  }

  /** Which FCPs the user's directory dedicates now (its DEDICATE statements). */
  private async dedicatedNow(c: VolumeConnectionPayload): Promise<(fcp: string) => boolean> {
    const lines = await this.hv.imageQueryDM(c.assignerId);
    return (fcp) =>
      lines.some((l) =>
        new RegExp(`^DEDICATE\\s+0*${fcp.replace(/^0+/, '')}\\b`, 'i').test(l.trim()),
      );
  }

  /** Re-reserves the FCPs, then +1 connection each; returns those now at 1 (to dedicate). */
  private increment(c: VolumeConnectionPayload): Promise<string[]> {
    return this.repo.addConnections(c.assignerId, c.fcps, c.fcpTemplateId, (fcp) =>
      Errors.notExist(ModID.VOLUME, `FCP device ${fcp} for ${c.assignerId}`),
    );
  }

  /** −1 connection each; FCPs left without connections are unreserved. */
  private async decrement(c: VolumeConnectionPayload): Promise<void> {
    await this.repo.removeConnections(c.fcps, { unreserveEmptied: true });
  }
}
