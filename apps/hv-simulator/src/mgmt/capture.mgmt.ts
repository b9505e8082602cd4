import { createReadStream, openSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { encodeDiskImage, FBA_PARTITION_OFFSET, imageTypeOf, type MgmtReply } from '#hypervisor';
import type { HypervisorState } from '../state/hypervisor.state.js';
import { linkDisk, mgmtFail, RC, useridArg, vdevArg, type MgmtQuery } from './mgmt.reply.js';

/** creatediskimage's answer: on success the image file, streamed. */
export interface CaptureAnswer extends MgmtReply {
  image?: Readable;
}

/** The script's default when no `--compression` is given. */
const DEFAULT_LEVEL = '6';

/**
 * creatediskimage: the image file of a minidisk as the zthin script writes it (link RR, the
 * 512-byte HLen header with the disk's size, then the data through gzip at the level asked, raw
 * at 0): a CKD disk whole (`xCAT CKD Disk Image:`), an FBA disk as its partition 1, the bytes
 * after the two label blocks (`xCAT FBA Part Image:`, what `dd` of `-part1` reads). So an image
 * captured here deploys on the reference's management guest. Deterministic: the same disk bytes
 * at the same level give the same file, so deploy → capture round-trips a CKD image's md5.
 */
export function createDiskImage(state: HypervisorState, q: MgmtQuery): CaptureAnswer {
  const userid = useridArg(q);
  const vdev = vdevArg(q);
  const level = q.compression ?? DEFAULT_LEVEL;
  if (typeof level !== 'string' || !/^[0-9]$/.test(level)) {
    const shown = typeof level === 'string' ? level : JSON.stringify(level);
    throw mgmtFail(RC.USAGE, `Compression operand is not between 0 and 9, inclusive: ${shown}`);
  }
  const { user, disk } = linkDisk(state, userid, vdev);
  if (user.loggedOn) throw mgmtFail(RC.FAILED, 'The specified source system is currently running.');
  // Opened now: the image is the disk as it is at this call, whatever replaces the file later.
  const path = state.files.minidiskPath(userid, vdev);
  const fd = openSync(path, 'r');
  const type = imageTypeOf(disk.deviceType);
  const partition = type === 'FBA';
  const start = partition ? FBA_PARTITION_OFFSET : 0;
  const image = encodeDiskImage(createReadStream(path, { fd, start }), {
    type,
    units: disk.units,
    compressLevel: Number(level),
    partition,
  });
  return { rc: 0, lines: [], image };
}
