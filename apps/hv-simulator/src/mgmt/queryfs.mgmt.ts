import type { QueryFsReply } from '#hypervisor';
import type { HypervisorState } from '../state/hypervisor.state.js';
import { linkDisk, type MgmtQuery, useridArg, vdevArg } from './mgmt.reply.js';

/**
 * queryfs: the file system on the user's minidisk as `blkid` on the management guest reads it
 * (the disk linked read-only, then detached), the one installfs wrote. A disk without one
 * answers no `fstype`. No such user or disk: the link's failure.
 */
export function queryFileSystem(state: HypervisorState, q: MgmtQuery): QueryFsReply {
  const { disk } = linkDisk(state, useridArg(q), vdevArg(q));
  const fstype = disk.format && disk.format !== 'none' ? disk.format : undefined;
  return { rc: 0, lines: fstype ? [fstype] : [], ...(fstype ? { fstype } : {}) };
}
