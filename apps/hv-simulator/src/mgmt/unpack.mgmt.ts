import { createWriteStream, renameSync } from 'node:fs';
import { truncate } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  ImageFormatError,
  imageTypeOf,
  openDiskImage,
  type ImageDiskType,
  type UnpackDiskImageReply,
} from '#hypervisor';
import { unitsToBytes } from '../state/geometry.constants.js';
import type { HypervisorState } from '../state/hypervisor.state.js';
import { linkDisk, mgmtFail, RC, useridArg, vdevArg, type MgmtQuery } from './mgmt.reply.js';

const TOO_SMALL = 'Target disk is too small for specified image.';
const RUNNING = 'The specified target system is currently running.';
const VOLUME: Record<ImageDiskType, string> = { CKD: 'a Count-Key-Data', FBA: 'a fixed-block' };
/** The script's words for an image whose header gives no size (the reference's test dummy). */
const DUMMY: Record<ImageDiskType, string> = {
  CKD: 'does not contain cylinder/record information.',
  FBA: 'does not contain block information.',
};

class DiskFull extends Error {}

/** Passes the bytes on, counting them, and fails once they would not fit on the disk. */
function diskLimit(limit: number, counted: (total: number) => void): Transform {
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      total += chunk.length;
      counted(total);
      done(total > limit ? new DiskFull() : null, chunk);
    },
  });
}

/** zlib's errors (Z_DATA_ERROR, Z_BUF_ERROR…); by code, as they may come from another realm. */
const isZlibError = (e: unknown): e is Error & { code: string } =>
  typeof e === 'object' && e !== null && String((e as { code?: unknown }).code).startsWith('Z_');

/**
 * unpackdiskimage: writes an image's disk bytes onto the user's minidisk (the zthin script:
 * link, header checks, `dd | zcat` or ckddecode, detach), from any header form the script reads.
 * An FBA partition image (`xCAT FBA Part Image:`) goes after the disk's two label blocks, which
 * read as zeros. The bytes go to a temp file that replaces the disk only once everything arrived
 * and checked out, so a failed or interrupted copy leaves the disk as it was. Past the image's
 * data the disk reads as zeros.
 */
export async function unpackDiskImage(
  state: HypervisorState,
  q: MgmtQuery,
  body: Readable,
): Promise<UnpackDiskImageReply> {
  const userid = useridArg(q);
  const vdev = vdevArg(q);
  const { user, disk } = linkDisk(state, userid, vdev);
  if (user.loggedOn) throw mgmtFail(RC.FAILED, RUNNING);

  const image = await openDiskImage(body).catch((e: unknown) => {
    if (e instanceof ImageFormatError) {
      throw mgmtFail(RC.FAILED, 'Disk image type not recognized', e.message);
    }
    throw e;
  });
  const { header } = image;
  if (header.type !== imageTypeOf(disk.deviceType)) {
    image.disk.destroy();
    const kind = VOLUME[header.type];
    throw mgmtFail(
      RC.FAILED,
      `Specified image is of ${kind} volume, but specified disk is not ${kind} volume.`,
    );
  }
  if (header.units === 0) {
    image.disk.destroy();
    throw mgmtFail(
      RC.FAILED,
      `image ${DUMMY[header.type]}  This appears to be a dummy image file.`,
    );
  }
  if (header.units > disk.units) {
    image.disk.destroy();
    throw mgmtFail(RC.FAILED, TOO_SMALL, `image ${header.diskSizeUnits}, disk ${disk.units}`);
  }

  const path = state.files.minidiskPath(userid, vdev);
  const tmp = state.files.tempPath(path);
  const diskBytes = unitsToBytes(disk.deviceType, disk.units);
  let bytes = 0;
  try {
    // a partition image goes into partition 1; the label blocks before it are zeroed
    const at = header.diskOffset;
    await pipeline(
      image.disk,
      diskLimit(diskBytes - at, (n) => (bytes = n)),
      createWriteStream(tmp, { start: at }),
    ).catch((e: unknown) => {
      if (e instanceof DiskFull) throw mgmtFail(RC.FAILED, TOO_SMALL);
      if (isZlibError(e)) {
        throw mgmtFail(RC.FAILED, `Failed deploying disk image at stage(rc): zcat(1) ${e.message}`);
      }
      throw e;
    });
    await truncate(tmp, diskBytes); // the rest of the disk: zeros, sparse
    // The copy took a while: the disk must still be the one we linked, and its user off.
    const now = state.user(userid);
    if (now?.disks[vdev] !== disk) {
      throw mgmtFail(RC.FAILED, `Disk ${userid}:${vdev} was removed during the copy.`);
    }
    if (now.loggedOn) throw mgmtFail(RC.FAILED, RUNNING);
    renameSync(tmp, path);
    // the image's file system keeps its own size until grown (grow_root_volume)
    if (header.units < disk.units) disk.fsUnits = header.units;
    else delete disk.fsUnits;
    state.changed();
  } finally {
    state.files.remove(tmp);
  }
  return {
    rc: 0,
    lines: [
      `Deploying image to ${userid}'s disk at channel ${vdev}.`,
      'Image deployment successful.',
    ],
    bytes,
  };
}
