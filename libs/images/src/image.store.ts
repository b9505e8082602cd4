import { constants, createReadStream } from 'node:fs';
import { copyFile, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '#config';
import { Errors } from '#envelope';
import { measure } from '#files';
import { DuplicateRecordError, type ImageRecord, ImagesRepository } from '#persistence';
import { ImageErrors } from './domain/image-errors.js';
import { imageDiskSizeUnits } from './domain/image-header.js';
import { IMAGE_NAME } from './domain/patterns.js';

/** An image record with the path of its file. */
export type StoredImage = ImageRecord & { path: string };

/** Facts about an image file; computed from the file when not given. */
export interface ImageFileFacts {
  md5sum: string;
  bytes: number;
  /** `<n>:CYL` / `<n>:BLK` from the header. */
  diskSizeUnits: string;
}

export interface NewStoredImage {
  name: string;
  /** Any case; stored lower case. */
  osVersion: string;
  /** The file to take in; it is moved (not copied) into the repository. */
  stagingFile: string;
  /** `rootonly` (the default) for imports and captures, as the reference. */
  type?: string;
  comments?: string | null;
  /** Known facts (an import computed them while streaming); otherwise the file is read. */
  facts?: ImageFileFacts;
}

/** Spec §2.4 image record as GET /images shows it, plus the reference's two extra fields. */
export interface ImageView {
  imagename: string;
  imageosdistro: string;
  md5sum: string;
  disk_size_units: string;
  image_size_in_bytes: string;
  type: string;
  comments: string | null;
  /** The file's atime in seconds since the epoch; -1 when the file is missing. */
  last_access_time: number;
  image_path: string;
}

const STAGING_LABEL = /^[\w.-]{1,200}$/;
/** The OS directory: any plain name (a capture of an unknown OS says so), never a path. */
const OS_DIR = /^(?!\.{1,2}$)[\w.-]{1,64}$/;

/**
 * The image repository: records in the database, files at
 * `<IMAGE_REPOSITORY>/netboot/<os_version>/<imagename>/<USER_ROOT_VDEV>`. Used by the images
 * feature and by guest deploy (read an image) and capture (add one).
 */
@Injectable()
export class ImageStore {
  constructor(
    private readonly cfg: AppConfig,
    private readonly images: ImagesRepository,
  ) {}

  /** Where an image's file lives. Refuses names that are not plain directory names. */
  fileOf(osVersion: string, name: string): string {
    if (!IMAGE_NAME.test(name) || !OS_DIR.test(osVersion)) {
      throw Errors.input(3, `image name '${name}' or OS version '${osVersion}' is not usable`);
    }
    return join(
      this.cfg.IMAGE_REPOSITORY,
      'netboot',
      osVersion.toLowerCase(),
      name,
      this.cfg.USER_ROOT_VDEV,
    );
  }

  private withPath(r: ImageRecord): StoredImage {
    return { ...r, path: this.fileOf(r.imageosdistro, r.imagename) };
  }

  /** The image of that name (exact match), or null. */
  async find(name: string): Promise<StoredImage | null> {
    const r = await this.images.findByName(name);
    return r && this.withPath(r);
  }

  /** The image of that name; `missing` (the not-exist error, 404) when there is none. */
  async require(
    name: string,
    missing: (name: string) => Error = ImageErrors.notExist,
  ): Promise<StoredImage> {
    const image = await this.find(name);
    if (!image) throw missing(name);
    return image;
  }

  async list(): Promise<StoredImage[]> {
    return (await this.images.list()).map((r) => this.withPath(r));
  }

  /**
   * Opens an image's file for reading. The not-exist error when there is no record, rs 23 when
   * its file is missing. The caller consumes or destroys the stream.
   */
  async open(name: string): Promise<{ image: StoredImage; stream: Readable; size: number }> {
    const image = await this.require(name);
    let fh;
    try {
      fh = await open(image.path, constants.O_RDONLY | constants.O_NOFOLLOW);
    } catch {
      throw ImageErrors.fileMissing(name);
    }
    const { size } = await fh.stat();
    return { image, stream: fh.createReadStream(), size };
  }

  /**
   * A path under `<IMAGE_REPOSITORY>/staging/` (its directory made) to write an image into
   * before `add` moves it into place: the same file system, so the move is a rename. The same
   * label gives the same path (so a resumed operation finds its file); use the operation id.
   */
  async stagingPath(label: string): Promise<string> {
    if (!STAGING_LABEL.test(label)) throw Errors.input(3, `staging label '${label}'`);
    const dir = join(this.cfg.IMAGE_REPOSITORY, 'staging');
    await mkdir(dir, { recursive: true });
    return join(dir, label);
  }

  /**
   * Adds an image: reads the file's md5, size and header unless `facts` are given (rs 6/7 for a
   * bad header), claims the name (rs 13 when taken: → 409 under alreadyExists), then moves the
   * staging file into place. On failure nothing is left in the repository (record and
   * directory removed); the staging file stays where it was for the caller to remove.
   */
  async add(input: NewStoredImage): Promise<StoredImage> {
    const osVersion = input.osVersion.toLowerCase();
    const target = this.fileOf(osVersion, input.name);
    const facts = input.facts ?? (await describeImageFile(input.stagingFile));
    let record: ImageRecord;
    try {
      record = await this.images.create({
        imagename: input.name,
        imageosdistro: osVersion,
        md5sum: facts.md5sum,
        diskSizeUnits: facts.diskSizeUnits,
        imageSizeInBytes: String(facts.bytes),
        type: input.type ?? 'rootonly',
        comments: input.comments ?? null,
      });
    } catch (e) {
      if (e instanceof DuplicateRecordError) throw ImageErrors.exists(input.name);
      throw e;
    }
    try {
      // the record claims the name, so a directory left here is an earlier attempt's debris
      await rm(dirname(target), { recursive: true, force: true });
      await mkdir(dirname(target), { recursive: true });
      await moveFile(input.stagingFile, target);
    } catch (e) {
      await rm(dirname(target), { recursive: true, force: true });
      await this.images.delete(input.name);
      throw ImageErrors.importFailed(`cannot store the image file: ${(e as Error).message}`);
    }
    return this.withPath(record);
  }

  /** Deletes an image's record and directory; an unknown name is fine (returns false). */
  async remove(name: string): Promise<boolean> {
    const image = await this.find(name);
    if (!image) return false;
    await this.images.delete(name);
    await rm(dirname(image.path), { recursive: true, force: true });
    return true;
  }

  /** The record as GET /images shows it. */
  async view(image: StoredImage): Promise<ImageView> {
    const atime = await stat(image.path).then(
      (s) => s.atimeMs / 1000,
      () => -1,
    );
    return {
      imagename: image.imagename,
      imageosdistro: image.imageosdistro,
      md5sum: image.md5sum,
      disk_size_units: image.diskSizeUnits,
      image_size_in_bytes: image.imageSizeInBytes,
      type: image.type,
      comments: image.comments,
      last_access_time: atime,
      image_path: image.path,
    };
  }
}

/** md5, size and disk size units of an image file, read in one pass. */
export async function describeImageFile(path: string): Promise<ImageFileFacts> {
  const facts = await measure(createReadStream(path));
  return {
    md5sum: facts.md5sum,
    bytes: facts.bytes,
    diskSizeUnits: imageDiskSizeUnits(facts.head),
  };
}

/** rename, or copy + unlink across file systems. */
async function moveFile(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
    await copyFile(from, to);
    await rm(from, { force: true });
  }
}
