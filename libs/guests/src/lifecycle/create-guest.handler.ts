import { Injectable } from '@nestjs/common';
import { Errors, ModID, type Userid } from '#envelope';
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
import { ManagementGuestOps, SystemsManagement, isSmapi, tolerating } from '#hypervisor';
import type { CreateGuestPayload, DiskResult } from '#jobs';
import type { OperationContext, OperationHandler, ProbeResult } from '#operations';
import { GuestsRepository } from '#persistence';
import { guestDirectory } from '../domain/guest-directory.js';

/**
 * guest.create: define the user, record it, then allocate each minidisk. Each step registers
 * its undo, so a failure leaves neither a user nor a row behind (§9.1, architecture
 * "Compensation").
 */
@Injectable()
export class CreateGuestHandler implements OperationHandler<'guest.create'> {
  constructor(
    private readonly hv: SystemsManagement,
    private readonly guestOps: ManagementGuestOps,
    private readonly guests: GuestsRepository,
  ) {}

  async run(p: CreateGuestPayload, ctx: OperationContext): Promise<DiskResult[]> {
    const total = p.disks.length + 2;
    await ctx.step('define user', () => this.defineUser(p), {
      undo: () => this.deleteUser(p.userid),
      probe: () => this.userDefined(p.userid),
      // a repeat after the lost call landed is 400/8 "already defined"
      repeat: () => tolerating(this.defineUser(p), [400, 8]),
    });
    await ctx.progress(100 / total);
    await ctx.step(
      'record guest',
      async () => {
        if (!(await this.guests.findByUserid(p.userid)))
          await this.guests.create({ userid: p.userid });
      },
      { undo: () => this.guests.delete(p.userid) },
    );
    for (const [i, d] of p.disks.entries()) {
      await ctx.step(`create disk ${d.vdev}`, () => createMinidisk(this.hv, p.userid, d), {
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
      await ctx.progress((100 * (i + 3)) / total);
    }
    return p.disks.map(diskResult);
  }

  /** Image_Create_DM; an unknown profile is the reference's not-exist error (→ 404). */
  private async defineUser(p: CreateGuestPayload): Promise<void> {
    try {
      // 596/3658: defined, with a warning (tolerated as the reference does)
      await tolerating(this.hv.imageCreateDM(p.userid, guestDirectory(p)), [596, 3658]);
    } catch (e) {
      if (isSmapi(e, [436, 4])) throw Errors.notExist(ModID.GUEST, `Profile '${p.userProfile}'`);
      throw e;
    }
  }

  /** Probe after a crash: is the user in the directory already? */
  private async userDefined(userid: Userid): Promise<ProbeResult> {
    const users = await this.hv.imageNameQueryDM();
    return users.some((u) => u.toUpperCase() === userid) ? 'done' : 'absent';
  }

  /** Its minidisks go with it. */
  private deleteUser(userid: Userid): Promise<void> {
    return tolerating(this.hv.imageDeleteDM(userid), [400, 4]);
  }
}
