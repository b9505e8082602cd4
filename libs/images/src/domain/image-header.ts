import { IMAGE_HEADER_BYTES, parseImageHeader } from '#hypervisor';
import { ImageErrors } from './image-errors.js';

/**
 * The root disk size of an image from its 64-byte header (`<n>:CYL` / `<n>:BLK`), read with
 * the hypervisor library's parser, which deploy uses too. When it is not a valid header, the
 * reference's codes say why: no size or units → image rs 6, a disk type other than CKD or FBA
 * → image rs 7 (any other defect is reported as rs 6).
 */
export function imageDiskSizeUnits(head: Buffer): string {
  const header = parseImageHeader(head);
  if (header) return header.diskSizeUnits;
  const text = head.subarray(0, IMAGE_HEADER_BYTES).toString('latin1');
  const hasSize = /^ *\d+$/.test(text.slice(20, 32)) && /^(CYL|BLK)$/.test(text.slice(33, 36));
  if (hasSize && !/^xCAT (CKD|FBA) Disk Image:/.test(text)) throw ImageErrors.badDiskType();
  throw ImageErrors.noSizeUnits();
}
