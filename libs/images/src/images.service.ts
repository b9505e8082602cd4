import { stat } from 'node:fs/promises';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '#config';
import { type Envelope, Errors, ok, pyRepr } from '#envelope';
import { confine } from '#files';
import { type Accepted, type OperationRequest, OperationsService } from '#operations';
import { ImageErrors } from './domain/image-errors.js';
import { HostPolicy, remoteHostName } from './domain/host-policy.js';
import { exportDestination, importSource, redactUrl, urlCredentials } from './domain/image-url.js';
import type { ExportLocationDto } from './dto/export-image.dto.js';
import type { ImportImageDto } from './dto/import-image.dto.js';
import { ImageStore, type ImageView } from './image.store.js';

/** A 400 naming the field, worded as the reference words schema failures. */
function badField(field: string, value: unknown, why: string) {
  return Errors.validation(
    `Invalid input for field/attribute ${field}. Value: ${pyRepr(value)}. ${why}`,
  );
}

/**
 * Image reads and deletion (answered at once) and import/export (submitted as operations).
 * Everything that can be decided before queueing is: bad URLs and paths outside the configured
 * directories are 400s, a taken name is 409, an unknown image 404.
 */
@Injectable()
export class ImagesService {
  private readonly policy: HostPolicy;

  constructor(
    private readonly cfg: AppConfig,
    private readonly store: ImageStore,
    private readonly ops: OperationsService,
  ) {
    this.policy = new HostPolicy(cfg.IMAGE_IMPORT_HOSTS);
  }

  async import(dto: ImportImageDto, req: OperationRequest): Promise<Envelope | Accepted> {
    // the reference reports a taken name before it looks at the URL
    if (await this.store.find(dto.image_name)) throw ImageErrors.exists(dto.image_name);
    const source = importSource(dto.url, dto.remote_host);
    const shownUrl = redactUrl(dto.url);
    if (typeof source === 'string') throw badField('url', shownUrl, source);
    // an address (or localhost) the policy refuses is known now; names are checked on connect
    if (source.kind === 'http' && this.policy.refusesLiterally(source.url.hostname)) {
      throw badField('url', shownUrl, 'The host is not one images may be imported from');
    }
    if (source.kind === 'remote' && this.policy.refusesLiterally(remoteHostName(source.host))) {
      throw badField(
        'remote_host',
        dto.remote_host,
        'The host is not one images may be imported from',
      );
    }
    // credentials travel with the job only: the operation's request shows `***`
    const credentials = source.kind === 'http' ? urlCredentials(source.url) : null;
    if (source.kind === 'file') {
      const path = await confine(source.path, this.cfg.IMAGE_IMPORT_DIRS);
      if (!path) {
        throw badField(
          'url',
          shownUrl,
          'The file is not inside a directory images may be imported from',
        );
      }
      const file = await stat(path).catch(() => null);
      if (!file?.isFile()) throw ImageErrors.localImport(`${source.path} is not a readable file`);
    }
    const osVersion = dto.image_meta.os_version.toLowerCase();
    const diskType = dto.image_meta.disk_type?.toUpperCase() as 'DASD' | 'SCSI' | undefined;
    if (osVersion.startsWith('rhcos') && !diskType) {
      throw ImageErrors.importFailed('disk_type (DASD or SCSI) is required for RHCOS images');
    }
    return this.ops.submit(
      'image.import',
      {
        imageName: dto.image_name,
        url: shownUrl,
        osVersion,
        ...(dto.image_meta.md5sum ? { md5sum: dto.image_meta.md5sum.toLowerCase() } : {}),
        ...(diskType ? { diskType } : {}),
        ...(dto.remote_host ? { remoteHost: dto.remote_host } : {}),
      },
      req,
      credentials ? { urlCredentials: credentials } : undefined,
    );
  }

  /** All images, or the one named (the not-exist 404 when unknown). At most one `imagename`. */
  async query(imagename: unknown): Promise<Envelope<ImageView[]>> {
    const name = this.oneName(imagename);
    if (name === undefined) {
      return ok(await Promise.all((await this.store.list()).map((i) => this.store.view(i))));
    }
    return ok([await this.store.view(await this.store.require(name))]);
  }

  private oneName(v: unknown): string | undefined {
    if (v === undefined) return undefined;
    const values = Array.isArray(v) ? (v as unknown[]) : [v];
    const problem =
      values.length > 1
        ? 'is too long'
        : typeof values[0] !== 'string' || values[0] === ''
          ? 'is too short'
          : null;
    if (problem) {
      throw Errors.validation(
        `Invalid input for query parameters imagename. Value: ${pyRepr(values)}. ${pyRepr(values)} ${problem}`,
      );
    }
    return values[0] as string;
  }

  /** Only the number of `<n>:CYL` / `<n>:BLK`, as a string (as the reference answers). */
  async rootDiskSize(name: string): Promise<Envelope<string>> {
    const image = await this.store.require(name);
    return ok(image.diskSizeUnits.split(':')[0]);
  }

  /** Record and files; an unknown image is fine (idempotent, as the reference). */
  async delete(name: string): Promise<Envelope> {
    await this.store.remove(name);
    return ok();
  }

  async export(
    name: string,
    dto: ExportLocationDto,
    req: OperationRequest,
  ): Promise<Envelope | Accepted> {
    const dest = exportDestination(dto.dest_url, dto.remote_host);
    if (typeof dest === 'string') throw badField('dest_url', dto.dest_url, dest);
    if (dest.kind === 'file' && !(await confine(dest.path, this.cfg.IMAGE_EXPORT_DIRS))) {
      throw badField(
        'dest_url',
        dto.dest_url,
        'The path is not inside a directory images may be exported to',
      );
    }
    await this.store.require(name, ImageErrors.recordMissing);
    return this.ops.submit(
      'image.export',
      {
        imageName: name,
        destUrl: dto.dest_url,
        ...(dto.remote_host ? { remoteHost: dto.remote_host } : {}),
      },
      req,
    );
  }
}
