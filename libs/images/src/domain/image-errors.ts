import { Errors, ModID } from '#envelope';

/** The reference's image failures (returncode.py `image`, modID 40), worded as it words them. */
export const ImageErrors = {
  md5Mismatch: () =>
    Errors.image(
      4,
      'Image import error: The md5sum after import is not same as source image, it is possible ' +
        'that the image has been broken during import',
    ),
  noSizeUnits: () =>
    Errors.image(
      6,
      'Image import error: The header of image does not contain built-in disk size units',
    ),
  badDiskType: () =>
    Errors.image(
      7,
      "Image import error: The image's disk type is not valid. Currently only FBA or CKD type " +
        'image is supported',
    ),
  httpImport: (why: string) =>
    Errors.image(9, `Import image from http server failed with reason ${why}`),
  /**
   * Every network failure of an http(s) import, refusals by IMAGE_IMPORT_HOSTS included, in one
   * wording: a client must not learn which ports or hosts answer (the cause is logged).
   */
  httpUnreachable: () =>
    Errors.image(
      9,
      'Import image from http server failed with reason the image could not be fetched from ' +
        'the URL (unreachable, refused, or not allowed by IMAGE_IMPORT_HOSTS)',
    ),
  remoteImport: (why: string) =>
    Errors.image(
      10,
      `Image import error: Copying image file from remote filesystem failed with error ${why}`,
    ),
  localImport: (why: string) =>
    Errors.image(12, `Import image from local file system failed with error ${why}`),
  /** → 409 under the alreadyExists rule. */
  exists: (name: string) =>
    Errors.image(13, `Image import error: image name ${name} already exist in image database`),
  importFailed: (why: string) => Errors.image(14, `Image import error: ${why}`),
  /**
   * The image database's not-exist error (404/404/1), as the reference raises it for a query,
   * root_disk_size and deploy: Nova's driver imports an image only when it sees overallRC 404.
   */
  notExist: (name: string) => Errors.notExist(ModID.IMAGE, `Image with name: ${name}`),
  /** Export's own wording of a missing record (image rs 20; 404 under the notFound rule). */
  recordMissing: (name: string) => Errors.image(20, `The image record of ${name} does not exist`),
  remoteExport: (why: string) =>
    Errors.image(
      21,
      `Image Export error: Failed to copy image file to remote host with reason: ${why}`,
    ),
  localExport: (why: string) =>
    Errors.image(22, `Export image to local file system failed: ${why}`),
  fileMissing: (name: string) =>
    Errors.image(23, `The image file of ${name} is missing from the image repository`),
} as const;

/** A failure's message for an error envelope (system errors carry their code). */
export function reason(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  return err?.message ?? String(e);
}
