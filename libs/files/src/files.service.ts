import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { Injectable, Logger, StreamableFile } from '@nestjs/common';
import { AppConfig } from '#config';
import { type Envelope, Errors, HvError, ok, pyRepr } from '#envelope';
import { copyToFile, TooLargeError } from './copy-to-file.js';
import { idleGuard, UploadIdleError } from './idle-guard.js';
import { confine } from './path-confinement.js';

/** Output of PUT /files (spec §4.12). */
export interface FileImportOutput {
  dest_url: string;
  filesize_in_bytes: number;
  md5sum: string;
}

const IMPORT_FAILED = 'File import operation failed';
const EXPORT_FAILED = 'File export operation failed';

/**
 * The file repository: uploads land in `<FILE_REPOSITORY>/imported/<uuid>`; downloads are
 * served only from inside FILE_REPOSITORY. Synchronous: no hypervisor is involved.
 */
@Injectable()
export class FilesService {
  private readonly log = new Logger('files');

  constructor(private readonly cfg: AppConfig) {}

  /**
   * Streams an upload to disk, hashing as it goes. 413 when it exceeds IMAGE_MAX_BYTES (by its
   * Content-Length before anything is read, or on the way); file rs 1 when it cannot be stored.
   */
  async import(body: Readable, contentLength?: string): Promise<Envelope<FileImportOutput>> {
    const limit = this.cfg.IMAGE_MAX_BYTES;
    if (contentLength !== undefined && Number(contentLength) > limit) {
      throw Errors.payloadTooLarge(limit);
    }
    const dir = join(this.cfg.FILE_REPOSITORY, 'imported');
    const dest = join(dir, randomUUID());
    // written under another name first, so a half-written upload is never served
    const part = `${dest}.part`;
    try {
      await mkdir(dir, { recursive: true });
      const guarded = idleGuard(body, this.cfg.UPLOAD_IDLE_S);
      const facts = await copyToFile(guarded, part, { maxBytes: limit });
      await rename(part, dest);
      return ok({
        dest_url: `file://${dest}`,
        filesize_in_bytes: facts.bytes,
        md5sum: facts.md5sum,
      });
    } catch (e) {
      await rm(part, { force: true });
      if (e instanceof TooLargeError) throw Errors.payloadTooLarge(limit);
      if (e instanceof UploadIdleError) throw Errors.uploadIdle(e.seconds);
      this.log.warn(`upload failed: ${(e as Error).message}`);
      throw Errors.file(1, IMPORT_FAILED);
    }
  }

  /**
   * The file named by `sourceFile` (absolute, relative to FILE_REPOSITORY, or `file://…`) as an
   * octet stream. Outside the repository (`../`, other absolute paths, symlinks out) → 400
   * naming source_file; missing or unreadable → file rs 2 (→ 500, as the reference).
   */
  async export(sourceFile: string): Promise<StreamableFile> {
    const given = sourceFile.startsWith('file://')
      ? sourceFile.slice('file://'.length)
      : sourceFile;
    const repo = this.cfg.FILE_REPOSITORY;
    const path = await confine(resolve(repo, given), [repo]);
    if (!path) {
      throw Errors.validation(
        `Invalid input for field/attribute source_file. Value: ${pyRepr(sourceFile)}. ` +
          'The file must be inside the file repository',
      );
    }
    try {
      // O_NOFOLLOW: a symlink swapped in after the check is refused, not followed
      const fh = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
      const st = await fh.stat();
      if (!st.isFile()) {
        await fh.close();
        throw new Error(`${path} is not a file`);
      }
      return new StreamableFile(fh.createReadStream(), {
        type: 'application/octet-stream',
        length: st.size,
      });
    } catch (e) {
      if (e instanceof HvError) throw e;
      this.log.warn(`export of ${path} failed: ${(e as Error).message}`);
      throw Errors.file(2, EXPORT_FAILED);
    }
  }
}
