import { createReadStream, openSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { encodeDiskImage, imageTypeOf, type MgmtReply } from '#hypervisor';
import type { HypervisorState } from '../state/hypervisor.state.js';
import { linkDisk, mgmtFail, RC, useridArg, vdevArg, type MgmtQuery } from './mgmt.reply.js';

/** creatediskimage's answer: on success the image file, streamed. */
export interface CaptureAnswer extends MgmtReply {
  image?: Readable;
}

/** The script's default when no `--compression` is given. */
const DEFAULT_LEVEL = '6';

/**
 * creatediskimage: the image file of a minidisk (link RR, header with the disk's size, then
 * its bytes through gzip at the level asked, raw at 0). Deterministic: the same disk bytes at
 * the same level give the same file, so deploy → capture round-trips an image's md5.
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
  const image = encodeDiskImage(createReadStream(path, { fd }), {
    type: imageTypeOf(disk.deviceType),
    units: disk.units,
    compressLevel: Number(level),
  });
  return { rc: 0, lines: [], image };
}
