import { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '#config';
import { Errors, HvError, type Userid } from '#envelope';
import { ManagementGuestOps, shellWord, tolerating } from '#hypervisor';
import { ImageStore } from '#images';
import type { DeployPayload } from '#jobs';
import type { OperationContext, OperationHandler } from '#operations';
import { GuestsRepository } from '#persistence';
import { requireManagedGuest } from '../managed/managed-guest.js';
import { diskHoldsImage, punchedSince } from './deploy-probes.js';
import { transportFile } from './transport-file.js';

/** The reference's message when the management guest could not copy the image (guest rs 3). */
function unpackFailed(e: unknown): unknown {
  if (!(e instanceof HvError) || e.overallRC !== 3) return e;
  return Errors.guest(3, `Failed to deploy image to userid: unpackdiskimage failed: ${e.message}`);
}

/**
 * guest.deploy (§9.4): punch the transport file, the IUCV authorisation and the host name to
 * the guest's reader (each purged again on failure), then copy the image onto the root
 * minidisk last — the simulator swaps the disk's bytes only when the copy is complete, so a
 * failed deploy leaves the disk and the reader as they were. The guest stays off.
 *
 * Crash-proof: a step whose worker died in it is probed before it runs again (a punch by the
 * reader file it would have left, the copy by the disk's content), and the undo of a punch done
 * by an earlier attempt finds its spool file in the reader. The copy has no undo: it is the last
 * hypervisor step and keeping the disk's old bytes would cost a full copy of the disk.
 */
@Injectable()
export class DeployHandler implements OperationHandler<'guest.deploy'> {
  constructor(
    private readonly cfg: AppConfig,
    private readonly guestOps: ManagementGuestOps,
    private readonly images: ImageStore,
    private readonly guests: GuestsRepository,
  ) {}

  async run(p: DeployPayload, ctx: OperationContext): Promise<''> {
    await requireManagedGuest(this.guests, p.userid);
    const image = p.skipDiskCopy ? null : await this.images.require(p.image);
    const osVersion = image ? image.imageosdistro : p.image.toLowerCase();
    if (osVersion.startsWith('rhcos') && !p.transportfiles) {
      throw Errors.guest(
        13,
        'Failed to deploy: the ignition file is required when deploying an RHCOS image',
      );
    }
    const vdev = (p.vdev ?? this.cfg.USER_ROOT_VDEV).toUpperCase().padStart(4, '0');

    if (p.transportfiles) {
      const file = await transportFile(this.cfg, p.transportfiles, p.remotehost);
      try {
        await this.punch(ctx, p.userid, 'punch transport file', file.name, file.open);
      } finally {
        await file.done();
      }
    }
    const auth = `#!/bin/bash\n# written by hv-orchestrator: who may talk to this guest over IUCV\necho -n HVSIMMGR > /etc/iucv_authorized_userid\n`;
    await this.punch(ctx, p.userid, 'punch iucv authorisation', 'iucvauth.sh', () =>
      Readable.from([auth]),
    );
    if (p.hostname && !p.transportfiles) {
      const script = `#!/bin/bash\nhostnamectl set-hostname ${shellWord(p.hostname)}\n`;
      await this.punch(ctx, p.userid, 'punch host name', 'hostname.sh', () =>
        Readable.from([script]),
      );
    }
    await ctx.progress(10);

    if (image) {
      const copy = async () => {
        const { stream, size } = await this.images.open(image.imagename);
        let last = 10;
        await this.guestOps
          .unpackDiskImage(p.userid, vdev, stream, (n) => {
            const pct = 10 + Math.floor((85 * n) / Math.max(size, 1));
            if (pct >= last + 5) {
              last = pct;
              void ctx.progress(pct);
            }
          })
          .catch((e: unknown) => {
            stream.destroy();
            throw unpackFailed(e);
          });
      };
      await ctx.step('copy image', copy, {
        probe: async () =>
          (await diskHoldsImage(this.guestOps, this.images, image.imagename, p.userid, vdev))
            ? 'done'
            : 'absent',
        // the same bytes again: a repeat, or the lost call landing after it, leaves the disk
        // holding the image, which the probe then reads back
        repeat: copy,
      });
    }
    await ctx.step('record os version', () =>
      this.guests.update(p.userid, { metadata: `os_version=${osVersion}` }),
    );
    await ctx.progress(100);
    return '';
  }

  /**
   * Punches one file to the reader as a step whose undo purges it again. A punch an earlier
   * attempt made (its file in the reader since that attempt started the step) is adopted.
   */
  private async punch(
    ctx: OperationContext,
    userid: Userid,
    step: string,
    name: string,
    open: () => Readable,
  ): Promise<void> {
    let spoolId: number | undefined;
    const earlier = async (since: string | undefined) =>
      since === undefined
        ? undefined
        : (await punchedSince(this.guestOps, userid, name, since))?.spoolId;
    await ctx.step(
      step,
      async () => {
        spoolId = await this.guestOps.punchFile(userid, open(), { name });
      },
      {
        probe: async (since) => {
          spoolId = await earlier(since);
          return spoolId === undefined ? 'absent' : 'done';
        },
        undo: async () => {
          const id = spoolId ?? (await earlier(ctx.startedBefore(step)));
          if (id !== undefined) await tolerating(this.guestOps.purgeReaderFile(userid, id));
        },
      },
    );
  }
}
