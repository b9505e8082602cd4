import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '#config';
import { HvError } from '#envelope';
import { confine, copyToFile } from '#files';
import type { ExportImagePayload, ImageExportResult } from '#jobs';
import type { OperationContext, OperationHandler } from '#operations';
import { ImageErrors, reason } from '../domain/image-errors.js';
import { exportDestination } from '../domain/image-url.js';
import { ImageStore, type StoredImage } from '../image.store.js';
import { ProgressReporter } from '../transfer/progress.reporter.js';
import { scpCopy } from '../transfer/scp.copy.js';

/**
 * image.export (§4.9, reference image_export): copies an image's file to a `file://` path inside
 * IMAGE_EXPORT_DIRS (written aside, then renamed, so the destination is never half written) or
 * with scp to a path on remote_host. Output: image_name, image_path (the dest_url),
 * os_version, md5sum.
 */
@Injectable()
export class ExportImageHandler implements OperationHandler<'image.export'> {
  constructor(
    private readonly cfg: AppConfig,
    private readonly store: ImageStore,
  ) {}

  async run(p: ExportImagePayload, ctx: OperationContext): Promise<ImageExportResult> {
    const image = await this.store.require(p.imageName, ImageErrors.recordMissing);
    const dest = exportDestination(p.destUrl, p.remoteHost);
    if (typeof dest === 'string') throw ImageErrors.localExport(`${p.destUrl}: ${dest}`);
    await ctx.step('copy', () =>
      dest.kind === 'remote'
        ? this.toRemote(image, `${dest.host}:${dest.path}`)
        : this.toLocal(image, dest.path, ctx),
    );
    await ctx.progress(100);
    return {
      image_name: image.imagename,
      image_path: p.destUrl,
      os_version: image.imageosdistro,
      md5sum: image.md5sum,
    };
  }

  private async toLocal(image: StoredImage, path: string, ctx: OperationContext): Promise<void> {
    const target = await confine(path, this.cfg.IMAGE_EXPORT_DIRS);
    if (!target) throw ImageErrors.localExport(`${path} is outside IMAGE_EXPORT_DIRS`);
    const part = `${target}.part-${randomBytes(4).toString('hex')}`;
    const progress = new ProgressReporter((pct) => ctx.progress(pct), 0, 99);
    try {
      const { stream, size } = await this.store.open(image.imagename);
      await mkdir(dirname(target), { recursive: true });
      await copyToFile(stream, part, { onBytes: (n) => progress.update(n, size) });
      // replaces a file (or a symlink itself, never its target) at the destination
      await rename(part, target);
      await progress.flush();
    } catch (e) {
      await rm(part, { force: true });
      if (e instanceof HvError) throw e;
      throw ImageErrors.localExport(reason(e));
    }
  }

  private async toRemote(image: StoredImage, to: string): Promise<void> {
    try {
      await scpCopy(this.cfg.SCP_BINARY, this.cfg.REMOTEHOST_SSHD_PORT, image.path, to);
    } catch (e) {
      throw ImageErrors.remoteExport(reason(e));
    }
  }
}
