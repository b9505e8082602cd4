import { createHash, type Hash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Userid } from '#envelope';
import { ManagementGuestOps, openDiskImage, type ReaderFile } from '#hypervisor';
import type { ImageStore } from '#images';

/**
 * The reader file of that name punched at or after `since` (ISO 8601), newest first: how a
 * resumed deploy tells its own punch from an older deploy's file of the same name.
 */
export async function punchedSince(
  guestOps: ManagementGuestOps,
  userid: Userid,
  name: string,
  since: string,
): Promise<ReaderFile | undefined> {
  const files = await guestOps.readerFiles(userid);
  return files.reverse().find((f) => f.name === name && f.time >= since);
}

/** Feeds a stream into `hash`; resolves with its byte count. */
async function feed(src: Readable, hash: Hash): Promise<number> {
  let n = 0;
  for await (const chunk of src) {
    hash.update(chunk as Buffer);
    n += (chunk as Buffer).length;
  }
  return n;
}

const ZEROS = Buffer.alloc(1 << 20);

/**
 * Whether the minidisk holds exactly what unpackdiskimage leaves there for this image: its disk
 * bytes, then zeros to the end of the disk. Read back raw (creatediskimage at level 0, the guest
 * being off as a deploy needs it) and compared by md5, so a copy that finished while its worker
 * died is adopted and one that did not is run again.
 */
export async function diskHoldsImage(
  guestOps: ManagementGuestOps,
  images: ImageStore,
  imageName: string,
  userid: Userid,
  vdev: string,
): Promise<boolean> {
  const disk = await openDiskImage(await guestOps.createDiskImage(userid, vdev, 0));
  const onDisk = createHash('md5');
  const diskBytes = await feed(disk.disk, onDisk);
  const { stream } = await images.open(imageName);
  const image = await openDiskImage(stream);
  const wanted = createHash('md5');
  let n = await feed(image.disk, wanted);
  if (n > diskBytes) return false;
  while (n < diskBytes) {
    const k = Math.min(ZEROS.length, diskBytes - n);
    wanted.update(ZEROS.subarray(0, k));
    n += k;
  }
  return onDisk.digest('hex') === wanted.digest('hex');
}
