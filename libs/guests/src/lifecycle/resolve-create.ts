import type { Config } from '#config';
import { Errors, toUserid } from '#envelope';
import type { CreateGuestPayload, ResolvedDisk } from '#jobs';
import type { CreateGuestDto, DiskSpecDto } from './create-guest.dto.js';
import { type DiskKind, sizeToUnits, vdevPlus } from '../domain/disk-size.js';

/** A `max_mem` value (`<n>M` or `<n>G`) in MB. */
const memoryMb = (size: string): number =>
  Number(size.slice(0, -1)) * (size.endsWith('G') ? 1024 : 1);

/** The disk's pool (given, or the only configured one) and its kind; input errors otherwise. */
export function resolvePool(disk: DiskSpecDto, cfg: Config): { pool: string; kind: DiskKind } {
  let pool = disk.disk_pool;
  if (!pool) {
    if (cfg.DISK_POOL.length === 0) {
      throw Errors.input(4, 'disk_pool must be given: no default disk pool is configured');
    }
    if (cfg.DISK_POOL.length > 1) {
      throw Errors.input(4, 'disk_pool must be given when several disk pools are configured');
    }
    pool = cfg.DISK_POOL[0];
  }
  const [type, name] = pool.split(':');
  const kind = type.toUpperCase();
  if (kind !== 'ECKD' && kind !== 'FBA') {
    throw Errors.input(3, `disk_pool '${pool}': the type must be ECKD or FBA`);
  }
  return { pool: `${kind}:${name.toUpperCase()}`, kind };
}

/**
 * Everything the create operation needs, decided before it is queued: defaults from the
 * configuration (profile, maximums, pools) and each disk's pool, vdev and units. Raises input
 * errors (→ 400) so nothing is queued for a request that cannot succeed.
 */
export function resolveCreateGuest(dto: CreateGuestDto, cfg: Config): CreateGuestPayload {
  const seen = new Set<string>();
  const disks: ResolvedDisk[] = (dto.disk_list ?? []).map((d, i) => {
    const { pool, kind } = resolvePool(d, cfg);
    if (i >= 254 && !d.vdev) throw Errors.input(3, 'too many disks for automatic vdev numbering');
    const vdev = (d.vdev ?? vdevPlus(cfg.USER_ROOT_VDEV, i)).toUpperCase().padStart(4, '0');
    if (seen.has(vdev)) throw Errors.input(3, `vdev ${vdev} is used by two disks of disk_list`);
    seen.add(vdev);
    const root = i === 0;
    return {
      vdev,
      deviceType: kind === 'ECKD' ? '3390' : '9336',
      diskPool: pool,
      units: sizeToUnits(d.size, kind),
      // The root disk receives the image at deploy, so it is never formatted (§9.1).
      format: root ? 'none' : (d.format ?? 'ext4'),
      size: d.size,
      ...(d.is_boot_disk !== undefined ? { isBootDisk: d.is_boot_disk } : {}),
      formatGiven: d.format !== undefined,
    };
  });
  const comments = [...(dto.comment_list ?? []), ...(dto.comments ?? [])];
  const maxCpu = dto.max_cpu ?? cfg.USER_DEFAULT_MAX_CPU;
  const maxMem = (dto.max_mem ?? cfg.USER_DEFAULT_MAX_MEMORY).toUpperCase();
  // CP refuses a directory entry whose initial storage or CPUs exceed its maximums: say so now
  if (dto.vcpus > maxCpu) {
    throw Errors.input(3, `vcpus ${dto.vcpus} is more than max_cpu ${maxCpu}`);
  }
  if (dto.memory > memoryMb(maxMem)) {
    throw Errors.input(3, `memory ${dto.memory}M is more than max_mem ${maxMem}`);
  }
  return {
    userid: toUserid(dto.userid),
    vcpus: dto.vcpus,
    memory: dto.memory,
    userProfile: (dto.user_profile || cfg.USER_PROFILE).toUpperCase(),
    maxCpu,
    maxMem,
    disks,
    ...(dto.ipl_from ? { iplFrom: dto.ipl_from.toUpperCase() } : {}),
    ...(dto.ipl_param ? { iplParam: dto.ipl_param } : {}),
    ...(dto.ipl_loadparam ? { iplLoadparam: dto.ipl_loadparam } : {}),
    ...(dto.account ? { account: dto.account } : {}),
    comments,
    dedicateVdevs: (dto.dedicate_vdevs ?? []).map((v) => v.toUpperCase().padStart(4, '0')),
    ...(dto.loaddev?.portname ? { loaddevPortname: dto.loaddev.portname.toUpperCase() } : {}),
    ...(dto.loaddev?.lun ? { loaddevLun: dto.loaddev.lun.toUpperCase() } : {}),
    ...(dto.loaddev?.alterdev ? { loaddevAlterdev: dto.loaddev.alterdev.toUpperCase() } : {}),
    shareUnit: cfg.USER_DEFAULT_SHARE_UNIT,
    ...(dto.cschedule ? { cpuPool: dto.cschedule.toUpperCase() } : {}),
    ...(dto.cshare ? { share: dto.cshare.trim().replace(/\s+/g, ' ') } : {}),
    ...(dto.rdomain ? { relocationDomain: dto.rdomain.toUpperCase() } : {}),
    ...(dto.pcif ? { pciFunction: dto.pcif.toUpperCase() } : {}),
    // a configured LOGONBY list (userids separated by blanks), not one Userid
    // eslint-disable-next-line no-restricted-syntax
    ...(cfg.DEFAULT_ADMIN_USERID ? { logonBy: cfg.DEFAULT_ADMIN_USERID.toUpperCase() } : {}),
  };
}
