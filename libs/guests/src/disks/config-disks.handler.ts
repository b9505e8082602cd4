import { Injectable } from '@nestjs/common';
import { CpQueries, ManagementGuestOps } from '#hypervisor';
import type { ConfigDisk, ConfigDisksPayload } from '#jobs';
import type { OperationContext, OperationHandler } from '#operations';
import { GuestsRepository } from '#persistence';
import { requireManagedGuest } from '../managed/managed-guest.js';
import { punchConfigFile, START_GUEST_CONFIGURE } from '../guestconf/guest-config.js';

/** What the reference passes to its setupDisk script for one disk (reference §9.8). */
export function setupDiskParms(d: ConfigDisk): string {
  return `action=addMdisk vaddr=${d.vdev} filesys=${d.format} mntdir=${d.mntdir}`;
}

/**
 * guest.config-disks (PUT disks, reference §9.8): one setup file per disk punched to the
 * guest's reader, for its configuration service to make the file system and mount it; when
 * the guest is on, the service is started over IUCV at once, otherwise it runs at the next
 * boot. A failure purges the files punched by this operation.
 */
@Injectable()
export class ConfigDisksHandler implements OperationHandler<'guest.config-disks'> {
  constructor(
    private readonly cp: CpQueries,
    private readonly guestOps: ManagementGuestOps,
    private readonly guests: GuestsRepository,
  ) {}

  async run(p: ConfigDisksPayload, ctx: OperationContext): Promise<''> {
    await requireManagedGuest(this.guests, p.userid);
    for (const d of p.disks) {
      await punchConfigFile(this.guestOps, ctx, p.userid, {
        step: `punch setup of disk ${d.vdev}`,
        name: 'setupDisk',
        content: `${setupDiskParms(d)}\n`,
      });
    }
    if ((await this.cp.queryUserPower(p.userid)) === 'on') {
      await ctx.step('run guest configuration', () =>
        this.guestOps.execInGuest(p.userid, START_GUEST_CONFIGURE),
      );
    }
    return '';
  }
}
