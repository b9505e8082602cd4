import { join } from 'node:path';

/** The management-guest tools the service runs. */
export const TOOL_NAMES = [
  'vmcp',
  'vmur',
  'iucvclnt',
  'unpackdiskimage',
  'creatediskimage',
  'refresh_bootmap',
  'linkdiskandbringonline',
  'dasdfmt',
  'fdasd',
  'fdisk',
  'mkfs',
  'mkfs.xfs',
  'mkswap',
  'blkid',
  'blockdev',
  'offlinediskanddetach',
  'lschp',
  'zhypinfo',
] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

/** Where the reference finds them on the management guest (s390-tools, zthin). */
const REFERENCE_PATHS: Record<ToolName, string> = {
  vmcp: '/sbin/vmcp',
  vmur: '/usr/sbin/vmur',
  iucvclnt: '/opt/zthin/bin/IUCV/iucvclnt',
  unpackdiskimage: '/opt/zthin/bin/unpackdiskimage',
  creatediskimage: '/opt/zthin/bin/creatediskimage',
  refresh_bootmap: '/opt/zthin/bin/refresh_bootmap',
  linkdiskandbringonline: '/opt/zthin/bin/linkdiskandbringonline',
  dasdfmt: '/sbin/dasdfmt',
  fdasd: '/sbin/fdasd',
  fdisk: '/sbin/fdisk',
  mkfs: '/sbin/mkfs',
  'mkfs.xfs': '/sbin/mkfs.xfs',
  mkswap: '/sbin/mkswap',
  blkid: '/sbin/blkid',
  blockdev: '/usr/sbin/blockdev',
  offlinediskanddetach: '/opt/zthin/bin/offlinediskanddetach',
  lschp: '/usr/sbin/lschp',
  zhypinfo: '/usr/bin/zhypinfo',
};

/** Each tool's path: all in `dir` when set (HV_TOOLS_DIR), else where the reference has it. */
export function toolPaths(dir: string): Record<ToolName, string> {
  const entries = TOOL_NAMES.map((t) => [t, dir ? join(dir, t) : REFERENCE_PATHS[t]] as const);
  return Object.fromEntries(entries) as Record<ToolName, string>;
}
