import { Injectable } from '@nestjs/common';
import { Errors, ModID, HvError } from '#envelope';
import { ManagementGuestOps, SystemsManagement } from '#hypervisor';
import type { VolumeConnectionPayload } from '#jobs';
import type { OperationContext, OperationHandler } from '#operations';
import { FcpRepository, type FcpUsage } from '#persistence';
import { scriptUnsupported } from './volume-script.js';
import { applyVolumeScript, reverseVolumeScript } from './volume-script.steps.js';

/**
 * volume.detach (reference §8.3): A connections −1, B punch the in-guest detach script (run
 * at once when the guest is up), C undedicate the FCPs left without connections (or without a
 * record, as the reference). With `doRollback`, a failure undoes the completed phases in
 * reverse (re-dedicate, re-add the volume in the guest or purge the waiting script, counters
 * back).
 */
@Injectable()
export class DetachVolumeHandler implements OperationHandler<'volume.detach'> {
  constructor(
    private readonly hv: SystemsManagement,
    private readonly guestOps: ManagementGuestOps,
    private readonly repo: FcpRepository,
  ) {}

  async run(c: VolumeConnectionPayload, ctx: OperationContext): Promise<''> {
    const undo = <T>(fn: () => Promise<T>) => (c.doRollback ? { undo: fn } : {});
    if (scriptUnsupported(c.osVersion)) throw Errors.notImplemented(ModID.VOLUME, 'volume detach');
    let before: FcpUsage[] | undefined;
    const decremented = await ctx.step(
      'count connections',
      async () => {
        before = await this.repo.usageOf(c.fcps);
        return this.decrement(c);
      },
      undo(async () => {
        if (before) await this.repo.restoreUsage(before);
      }),
    );
    if (c.isRootVolume || c.updateConnectionsOnly) return '';
    // a guest deleted meanwhile has nothing left to detach from
    if (!(await this.hv.imageNameQueryDM()).includes(c.assignerId)) return '';

    const rows = await this.repo.fcps(c.fcps);
    const zero = new Set(
      decremented ?? rows.filter((f) => f.connections === 0).map((f) => f.fcpId),
    );
    // An FCP without a row counts as one without connections, as the reference's detach
    // counts one its FCP table does not know: it is undedicated too (404/8 if it was not).
    const known = new Set(rows.map((f) => f.fcpId));
    const emptied = c.fcps.filter((f) => zero.has(f) || !known.has(f));
    const total = rows.reduce((s, f) => s + f.connections, 0);
    await ctx.step(
      'remove volume in guest',
      () => applyVolumeScript(this.guestOps, c, 'detach', total),
      undo(() => reverseVolumeScript(this.guestOps, c, 'detach', total)),
    );

    await ctx.step(
      'undedicate FCPs',
      async () => {
        for (const fcp of emptied) {
          // 404/8 or 204/8: already undedicated
          await this.hv.undedicateFcp(c.assignerId, fcp).catch((e: unknown) => {
            if (e instanceof HvError && e.overallRC === 8 && e.rs === 8) return;
            throw e;
          });
        }
      },
      undo(async () => {
        for (const fcp of emptied) await this.hv.dedicateFcp(c.assignerId, fcp);
      }),
    );
    return '';
  }

  /** −1 per FCP (at 0 stays 0; missing rows skipped); returns the FCPs now without connections. */
  private decrement(c: VolumeConnectionPayload): Promise<string[]> {
    return this.repo.removeConnections(c.fcps, { unreserveEmptied: false });
  }
}
