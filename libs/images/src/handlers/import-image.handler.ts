import { constants } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '#config';
import { HvError } from '#envelope';
import { confine, copyToFile, measure, type StreamFacts, TooLargeError } from '#files';
import type { ImportImagePayload } from '#jobs';
import type { OperationContext, OperationHandler } from '#operations';
import { ImageErrors, reason } from '../domain/image-errors.js';
import { imageDiskSizeUnits } from '../domain/image-header.js';
import { HostPolicy } from '../domain/host-policy.js';
import { type ImageLocation, importSource, redactUrl } from '../domain/image-url.js';
import { type ImageFileFacts, ImageStore } from '../image.store.js';
import { httpDownload } from '../transfer/http.download.js';
import { ProgressReporter } from '../transfer/progress.reporter.js';
import { type RemoteTarget, remoteTarget } from '../transfer/remote-target.js';
import { scpCopy } from '../transfer/scp.copy.js';

type Located<K extends ImageLocation['kind']> = Extract<ImageLocation, { kind: K }>;

/**
 * image.import (§4.9, reference image_import): "fetch" streams the source into a staging file,
 * hashing on the way, checks the md5 and the header; "record" claims the name and moves the
 * file into place. A failure removes whatever was made; the staging path is derived from the
 * operation id, so a retry after a lost worker finds a fetched file again.
 */
@Injectable()
export class ImportImageHandler implements OperationHandler<'image.import'> {
  private readonly log = new Logger('image.import');
  private readonly policy: HostPolicy;

  constructor(
    private readonly cfg: AppConfig,
    private readonly store: ImageStore,
  ) {
    this.policy = new HostPolicy(cfg.IMAGE_IMPORT_HOSTS);
  }

  async run(p: ImportImagePayload, ctx: OperationContext): Promise<''> {
    if (await this.store.find(p.imageName)) throw ImageErrors.exists(p.imageName);
    const staging = await this.store.stagingPath(`import-${ctx.operationId}`);
    const fetched = await ctx.step('fetch', () => this.fetch(p, staging, ctx), {
      undo: () => rm(staging, { force: true }),
    });
    await ctx.step(
      'record',
      () =>
        this.store.add({
          name: p.imageName,
          osVersion: p.osVersion,
          stagingFile: staging,
          // undefined when "fetch" ended in an earlier attempt: add() reads the file again
          facts: fetched,
          comments: p.diskType ? `{'disk_type': '${p.diskType}'}` : null,
        }),
      { undo: () => this.store.remove(p.imageName) },
    );
    await ctx.progress(100);
    return '';
  }

  private async fetch(
    p: ImportImagePayload,
    staging: string,
    ctx: OperationContext,
  ): Promise<ImageFileFacts> {
    const source = importSource(p.url, p.remoteHost);
    if (typeof source === 'string') {
      throw ImageErrors.importFailed(`url ${redactUrl(p.url)}: ${source}`);
    }
    const progress = new ProgressReporter((pct) => ctx.progress(pct), 0, 95);
    try {
      let facts: StreamFacts;
      switch (source.kind) {
        case 'file':
          facts = await this.fromFile(source, staging, progress);
          break;
        case 'http':
          facts = await this.fromHttp(source, staging, progress, ctx);
          break;
        case 'remote':
          facts = await this.fromRemote(source, staging, ctx);
          break;
      }
      await progress.flush();
      if (p.md5sum && p.md5sum.toLowerCase() !== facts.md5sum) throw ImageErrors.md5Mismatch();
      return {
        md5sum: facts.md5sum,
        bytes: facts.bytes,
        diskSizeUnits: imageDiskSizeUnits(facts.head),
      };
    } catch (e) {
      await rm(staging, { force: true });
      throw e;
    }
  }

  private tooLarge(): string {
    return `the image is larger than IMAGE_MAX_BYTES (${this.cfg.IMAGE_MAX_BYTES} bytes)`;
  }

  /** Only from IMAGE_IMPORT_DIRS, checked again here (the api checked before queueing). */
  private async fromFile(
    source: Located<'file'>,
    staging: string,
    progress: ProgressReporter,
  ): Promise<StreamFacts> {
    const path = await confine(source.path, this.cfg.IMAGE_IMPORT_DIRS);
    if (!path) throw ImageErrors.localImport(`${source.path} is outside IMAGE_IMPORT_DIRS`);
    try {
      const fh = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
      const { size } = await fh.stat();
      return await copyToFile(fh.createReadStream(), staging, {
        maxBytes: this.cfg.IMAGE_MAX_BYTES,
        onBytes: (n) => progress.update(n, size),
      });
    } catch (e) {
      throw ImageErrors.localImport(e instanceof TooLargeError ? this.tooLarge() : reason(e));
    }
  }

  /**
   * The stored url carries `***` for its credentials; the real ones come with the job
   * (ctx.secrets). Every failure but size answers one errmsg; the cause goes to the log.
   */
  private async fromHttp(
    source: Located<'http'>,
    staging: string,
    progress: ProgressReporter,
    ctx: OperationContext,
  ): Promise<StreamFacts> {
    try {
      const { stream, length } = await httpDownload(source.url, {
        idleMs: this.cfg.HTTP_IMPORT_TIMEOUT_S * 1000,
        policy: this.policy,
        credentials: ctx.secrets.urlCredentials ?? null,
      });
      if (length !== null && length > this.cfg.IMAGE_MAX_BYTES) {
        stream.destroy();
        throw new TooLargeError(this.cfg.IMAGE_MAX_BYTES);
      }
      return await copyToFile(stream, staging, {
        maxBytes: this.cfg.IMAGE_MAX_BYTES,
        onBytes: (n) => progress.update(n, length),
      });
    } catch (e) {
      if (e instanceof TooLargeError) throw ImageErrors.httpImport(this.tooLarge());
      const code = (e as NodeJS.ErrnoException).code;
      this.log.warn(
        `operation ${ctx.operationId}: import from ${redactUrl(source.url.href)} failed: ` +
          `${reason(e)}${code && !reason(e).includes(code) ? ` (${code})` : ''}`,
      );
      throw ImageErrors.httpUnreachable();
    }
  }

  /** scp cannot hash on the way, so the copy is read once more. */
  private async fromRemote(
    source: Located<'remote'>,
    staging: string,
    ctx: OperationContext,
  ): Promise<StreamFacts> {
    let target: RemoteTarget;
    try {
      target = await remoteTarget(source.host, this.policy);
    } catch (e) {
      this.log.warn(`operation ${ctx.operationId}: import from ${source.host}: ${reason(e)}`);
      throw ImageErrors.remoteImport('the remote host could not be reached or is not allowed');
    }
    try {
      await scpCopy(
        this.cfg.SCP_BINARY,
        this.cfg.REMOTEHOST_SSHD_PORT,
        `${target.login}:${source.path}`,
        staging,
        target.sshOptions,
      );
      const fh = await open(staging, constants.O_RDONLY);
      return await measure(fh.createReadStream(), { maxBytes: this.cfg.IMAGE_MAX_BYTES });
    } catch (e) {
      if (e instanceof HvError) throw e;
      throw ImageErrors.remoteImport(e instanceof TooLargeError ? this.tooLarge() : reason(e));
    }
  }
}
