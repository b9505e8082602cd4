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

/** Feeds a stream into `hash`, its first `skip` bytes left out; resolves with the count fed. */
async function feed(src: Readable, hash: Hash, skip = 0): Promise<number> {
  let left = Math.max(0, skip);
  let n = 0;
  for await (const chunk of src) {
    const buf = chunk as Buffer;
    const part = buf.subarray(Math.min(left, buf.length));
    left -= buf.length - part.length;
    hash.update(part);
    n += part.length;
  }
  return n;
}

const ZEROS = Buffer.alloc(1 << 20);

/** Feeds `count` zero bytes into `hash`. */
function zeros(hash: Hash, count: number): void {
  for (let left = count; left > 0; left -= ZEROS.length) {
    hash.update(ZEROS.subarray(0, Math.min(ZEROS.length, left)));
  }
}

/**
 * Whether the minidisk holds exactly what unpackdiskimage leaves there for this image: its disk
 * bytes from where the image puts them (zeros before, for an FBA partition image), then zeros
 * to the end of the disk. Read back raw (creatediskimage at level 0, the guest being off as a
 * deploy needs it; for FBA that reads the disk from its partition on) and compared by md5 from
 * where that read starts, so a copy that finished while its worker died is adopted and one that
 * did not is run again.
 */
export async function diskHoldsImage(
  guestOps: ManagementGuestOps,
  images: ImageStore,
  imageName: string,
  userid: Userid,
  vdev: string,
): Promise<boolean> {
  const read = await openDiskImage(await guestOps.createDiskImage(userid, vdev, 0));
  const from = read.header.diskOffset;
  const onDisk = createHash('md5');
  const diskBytes = from + (await feed(read.disk, onDisk));
  const { stream } = await images.open(imageName);
  const image = await openDiskImage(stream);
  const at = image.header.diskOffset;
  const wanted = createHash('md5');
  zeros(wanted, at - from);
  const n = Math.max(at, from) + (await feed(image.disk, wanted, from - at));
  if (n > diskBytes) return false;
  zeros(wanted, diskBytes - n);
  return onDisk.digest('hex') === wanted.digest('hex');
}
