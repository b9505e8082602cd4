import { Injectable } from '@nestjs/common';
import { CpQueries, ManagementGuestOps } from '#hypervisor';
import type { GrowRootVolumePayload } from '#jobs';
import type { OperationContext, OperationHandler } from '#operations';
import { GuestsRepository } from '#persistence';
import { punchConfigFile, START_GUEST_CONFIGURE } from '../guestconf/guest-config.js';
import { requireManagedGuest } from '../managed/managed-guest.js';
import { reachable } from '../power/soft-stop.js';

/** Name of the script the reference punches (its `gpartvol.sh`). */
export const GROW_ROOT_SCRIPT = 'gpartvol.sh';

/** What the script does, written here (the service's own text, not the reference's). */
const SCRIPT = [
  '#!/bin/bash',
  '# Grow the root partition and its file system to the end of the root disk.',
  'root_part=$(findmnt -n -o SOURCE /) || exit 1',
  'root_disk=/dev/$(lsblk -n -o PKNAME "$root_part") || exit 1',
  'part_no=${root_part##*[!0-9]}',
  'growpart "$root_disk" "$part_no" || [[ $? -eq 1 ]] || exit 1',
  'case $(findmnt -n -o FSTYPE /) in',
  '  xfs) xfs_growfs / ;;',
  '  *) resize2fs "$root_part" ;;',
  'esac',
  '',
].join('\n');

/**
 * guest.grow-root-volume: as the reference, the grow script is punched to the guest's reader
 * for its configuration service, which runs it at the next boot. A guest that is on and
 * reachable runs the service at once over IUCV, so the root file system fills its disk
 * before the answer; a script that fails is the operation's failure (the punched file is then
 * gone: the service took it). A guest that is off, or whose OS does not answer, grows at its
 * next boot.
 */
@Injectable()
export class GrowRootVolumeHandler implements OperationHandler<'guest.grow-root-volume'> {
  constructor(
    private readonly cp: CpQueries,
    private readonly guestOps: ManagementGuestOps,
    private readonly guests: GuestsRepository,
  ) {}

  async run(p: GrowRootVolumePayload, ctx: OperationContext): Promise<''> {
    await requireManagedGuest(this.guests, p.userid);
    await punchConfigFile(this.guestOps, ctx, p.userid, {
      step: 'punch grow script',
      name: GROW_ROOT_SCRIPT,
      content: SCRIPT,
    });
    if ((await this.cp.queryUserPower(p.userid)) !== 'on') return '';
    if (!(await reachable(this.guestOps, p.userid))) {
      await ctx.skip('run guest configuration', 'the guest OS does not answer: runs at next boot');
      return '';
    }
    await ctx.step('run guest configuration', () =>
      this.guestOps.execInGuest(p.userid, START_GUEST_CONFIGURE),
    );
    return '';
  }
}
