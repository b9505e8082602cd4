import { Injectable } from '@nestjs/common';
import { Errors, type HvError, ModID } from '#envelope';
import {
  createMinidisk,
  diskResult,
  FORMAT_SETTLE_MS,
  fileSystemProbe,
  minidiskProbe,
  repeatMinidisk,
  formatMinidisk,
  wantsFileSystem,
} from '../domain/minidisks.js';
import { CpQueries, ManagementGuestOps, SystemsManagement, tolerating } from '#hypervisor';
import type { AddDisksPayload, DeleteDisksPayload, DiskResult } from '#jobs';
import type { OperationContext, OperationHandler } from '#operations';
import { GuestsRepository } from '#persistence';
import { requireManagedGuest } from '../managed/managed-guest.js';

/** The reference's answer to deleting disks of an active guest: 501, modID "guest". */
export function activeGuestDiskDelete(): HvError {
  return Errors.notImplemented(ModID.GUEST, 'delete disks when guest is active');
}

/**
 * guest.add-disks (reference §9.8 → §9.1 step 3): Image_Disk_Create_DM per disk, then its file
 * system from the management guest (installfs) unless `none`; a later
 * failure deletes the disks made so far (undo), so a failed request leaves none behind.
 */
@Injectable()
export class AddDisksHandler implements OperationHandler<'guest.add-disks'> {
  constructor(
    private readonly hv: SystemsManagement,
    private readonly guestOps: ManagementGuestOps,
    private readonly guests: GuestsRepository,
  ) {}

  async run(p: AddDisksPayload, ctx: OperationContext): Promise<DiskResult[]> {
    await requireManagedGuest(this.guests, p.userid);
    for (const [i, d] of p.disks.entries()) {
      await ctx.step(`create disk ${d.vdev}`, () => createMinidisk(this.hv, p.userid, d), {
        undo: () => tolerating(this.hv.imageDiskDeleteDM(p.userid, d.vdev), [208, 36]),
        probe: () => minidiskProbe(this.hv, p.userid, d),
        repeat: () => repeatMinidisk(this.hv, p.userid, d),
      });
      if (wantsFileSystem(d)) {
        await ctx.step(`format disk ${d.vdev}`, () => formatMinidisk(this.guestOps, p.userid, d), {
          probe: () => fileSystemProbe(this.guestOps, p.userid, d),
          repeat: () => formatMinidisk(this.guestOps, p.userid, d),
          repeatAfterMs: FORMAT_SETTLE_MS,
        });
      }
      await ctx.progress((100 * (i + 1)) / p.disks.length);
    }
    return p.disks.map(diskResult);
  }
}

/**
 * guest.delete-disks: only for a logged-off guest (501 otherwise, as the reference);
 * Image_Disk_Delete_DM per vdev, a disk that is not defined (208/36) counting as deleted.
 */
@Injectable()
export class DeleteDisksHandler implements OperationHandler<'guest.delete-disks'> {
  constructor(
    private readonly hv: SystemsManagement,
    private readonly cp: CpQueries,
    private readonly guests: GuestsRepository,
  ) {}

  async run(p: DeleteDisksPayload, ctx: OperationContext): Promise<''> {
    await requireManagedGuest(this.guests, p.userid);
    // checked again here: the guest may have been started since the api accepted the request
    if ((await this.cp.queryUserPower(p.userid)) === 'on') throw activeGuestDiskDelete();
    for (const vdev of p.vdevs) {
      await ctx.step(`delete disk ${vdev}`, () =>
        tolerating(this.hv.imageDiskDeleteDM(p.userid, vdev), [208, 36]),
      );
    }
    return '';
  }
}
