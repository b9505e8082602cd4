import { access, rename, rm } from 'node:fs/promises';
import { Injectable } from '@nestjs/common';
import { Errors, HvError, ModID, type Userid } from '#envelope';
import { SystemsManagement, CpQueries, ManagementGuestOps, tolerating } from '#hypervisor';
import { ImageStore, ImageErrors } from '#images';
import { copyToFile } from '#files';
import type { CapturePayload } from '#jobs';
import type { OperationContext, OperationHandler, ProbeResult } from '#operations';
import { GuestsRepository } from '#persistence';
import { AppConfig } from '#config';
import { reachable, softStop } from '../power/soft-stop.js';
import { requireManagedGuest } from '../managed/managed-guest.js';

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** Capture failures are guest rs 5, which the actions' conflict rule answers with 409 (§10.14). */
function captureFailed(e: unknown): unknown {
  if (e instanceof HvError && e.overallRC === 300 && e.modID === ModID.IMAGE && e.rs === 13)
    return e;
  const why = e instanceof Error ? e.message : String(e);
  return Errors.guest(5, `Failed to capture image: ${why}`);
}

/**
 * guest.capture rootonly (§9.5): a running guest is shut down (softstop; restarted afterwards), its
 * root minidisk — the first MDISK of its directory — is written to a staging file as an image
 * file at `compressLevel`, then recorded. A failure leaves no image record or file behind.
 *
 * Crash-proof: the staging file appears (by rename) only once complete, so a resumed capture
 * adopts a complete one and writes a half-written one again; an image record whose file never
 * got into place is removed and recorded again; a restart in doubt is adopted when the guest is
 * on. A resumed capture knows the guest was on from its earlier attempt's stop steps.
 */
@Injectable()
export class CaptureHandler implements OperationHandler<'guest.capture'> {
  constructor(
    private readonly cfg: AppConfig,
    private readonly hv: SystemsManagement,
    private readonly cp: CpQueries,
    private readonly guestOps: ManagementGuestOps,
    private readonly images: ImageStore,
    private readonly guests: GuestsRepository,
  ) {}

  async run(p: CapturePayload, ctx: OperationContext): Promise<''> {
    const guest = await requireManagedGuest(this.guests, p.userid);
    // a resumed capture may have recorded the image itself
    const resumedRecord = ctx.startedBefore('record image') !== undefined;
    if (!resumedRecord && (await this.images.find(p.image))) throw ImageErrors.exists(p.image);
    const recorded = /(?:^|,)os_version=([^,]+)/.exec(guest.metadata)?.[1] ?? 'unknown';
    const stoppedBefore = ['shutdown os', 'deactivate'].some((s) => ctx.startedBefore(s));
    const wasOn = stoppedBefore || (await this.cp.queryUserPower(p.userid)) === 'on';
    // a running OS says what it is; otherwise the version recorded at deploy is all we know
    const osVersion = (wasOn && (await this.runningOs(p.userid))) || recorded;
    try {
      if (wasOn) {
        // the OS shuts down cleanly first, so the captured file systems are consistent
        await softStop(this.hv, this.cp, this.guestOps, p.userid, ctx, () =>
          tolerating(this.hv.imageActivate(p.userid), [200, 8]),
        );
      }
      const vdev = await this.rootVdev(p.userid);
      const staging = await this.images.stagingPath(`capture-${ctx.operationId}`);
      const partial = `${staging}.part`;
      await ctx.step(
        'capture disk',
        async () => {
          const image = await this.guestOps.createDiskImage(p.userid, vdev, p.compressLevel);
          await copyToFile(image, partial);
          await rename(partial, staging);
        },
        {
          undo: () => Promise.all([rm(staging, { force: true }), rm(partial, { force: true })]),
          probe: async () => ((await exists(staging)) ? 'done' : 'absent'),
        },
      );
      await ctx.progress(80);
      await ctx.step(
        'record image',
        () =>
          this.images.add({ name: p.image, osVersion, stagingFile: staging, type: p.captureType }),
        { undo: () => this.images.remove(p.image), probe: () => this.imageInPlace(p.image) },
      );
      if (wasOn)
        await ctx.step(
          'restart guest',
          () => tolerating(this.hv.imageActivate(p.userid), [200, 8]),
          {
            probe: async () =>
              (await this.cp.queryUserPower(p.userid)) === 'on' ? 'done' : 'absent',
          },
        );
    } catch (e) {
      throw captureFailed(e);
    }
    await ctx.progress(100);
    return '';
  }

  /** `<ID><VERSION_ID>` of the running OS's os-release; null when it cannot be asked. */
  private async runningOs(userid: Userid): Promise<string | null> {
    if (!(await reachable(this.guestOps, userid))) return null;
    const lines = await this.guestOps.execInGuest(userid, 'cat /etc/os-release');
    const field = (name: string) =>
      lines
        .find((l) => l.startsWith(`${name}=`))
        ?.slice(name.length + 1)
        .replace(/"/g, '');
    const id = field('ID');
    const version = field('VERSION_ID');
    return id && version ? `${id}${version}`.toLowerCase() : null;
  }

  /**
   * Probe of `record image`: done when the record and its file are in place. A record without
   * its file is what a worker that died between claiming the name and moving the file leaves:
   * removed, so the step records the image again from the staging file.
   */
  private async imageInPlace(name: string): Promise<ProbeResult> {
    const image = await this.images.find(name);
    if (!image) return 'absent';
    if (await exists(image.path)) return 'done';
    await this.images.remove(name);
    return 'absent';
  }

  /** The first MDISK of the directory (the reference's choice for a guest it cannot ask). */
  private async rootVdev(userid: Userid): Promise<string> {
    const lines = await this.hv.imageQueryDM(userid);
    const mdisk = lines
      .map((l) => l.trim().split(/\s+/))
      .find((f) => f[0]?.toUpperCase() === 'MDISK');
    return mdisk?.[1]?.toUpperCase() ?? this.cfg.USER_ROOT_VDEV;
  }
}
