import type { InstallFsReply } from '#hypervisor';
import { unitsToBytes } from '../state/geometry.constants.js';
import type { HypervisorState } from '../state/hypervisor.state.js';
import { arg, linkDisk, mgmtFail, RC, useridArg, vdevArg, type MgmtQuery } from './mgmt.reply.js';

/** File systems the management guest writes (mkfs -t, mkfs.xfs, mkswap). */
export const FILE_SYSTEMS = ['ext2', 'ext3', 'ext4', 'xfs', 'swap'] as const;

/**
 * installfs: a Linux file system on the user's minidisk, as the reference's installFS does
 * from the management guest (link, dasdfmt and fdasd or fdisk, mkfs, detach). The disk is
 * written afresh with the file system's signature (mkfs leaves no older contents readable as
 * a file system) and its state records the format. No such user or disk: the link's failure.
 */
export function installFileSystem(state: HypervisorState, q: MgmtQuery): InstallFsReply {
  const userid = useridArg(q);
  const vdev = vdevArg(q);
  const fstype = arg(q, 'fstype').toLowerCase();
  if (!(FILE_SYSTEMS as readonly string[]).includes(fstype)) {
    throw mgmtFail(RC.USAGE, `Unsupported file system type: ${fstype}.`);
  }
  const { disk } = linkDisk(state, userid, vdev);
  const bytes = unitsToBytes(disk.deviceType, disk.units);
  state.files.createMinidisk(userid, vdev, bytes, fstype);
  disk.format = fstype;
  state.changed();
  return { rc: 0, lines: [`File system: ${fstype} is installed.`] };
}
