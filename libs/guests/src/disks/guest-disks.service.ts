import { Injectable } from '@nestjs/common';
import { AppConfig } from '#config';
import { type Envelope, Errors, ok, type Userid } from '#envelope';
import { SystemsManagement, CpQueries, isSmapi, type VirtualDasd } from '#hypervisor';
import type { ResolvedDisk } from '#jobs';
import { type Accepted, type OperationRequest, OperationsService } from '#operations';
import { sizeToUnits, vdevPlus } from '../domain/disk-size.js';
import { resolvePool } from '../lifecycle/resolve-create.js';
import type { ConfigDisksDto } from './config-disks.dto.js';
import type { AddDisksDto, DeleteDisksDto } from './disks.dto.js';
import { activeGuestDiskDelete } from './disks.handlers.js';
import { GuestsRepository } from '#persistence';
import { requireManagedGuest } from '../managed/managed-guest.js';

/** One minidisk as GET /guests/{userid}/disks shows it (spec §4.3), in the reference's key order. */
export interface MinidiskView {
  vdev: string;
  /**
   * Real device the minidisk is on, as the running guest has it; null for a logged-off guest,
   * whose minidisks are linked nowhere (the reference cannot answer one at all).
   */
  rdev: string | null;
  access_type: 'R/O' | 'R/W';
  device_type: string;
  device_size: number;
  device_units: 'Cylinders' | 'Blocks';
  volume_label: string;
}

/** Link modes that allow writing (CP LINK / MDISK mode letters). */
const WRITE_MODES = /^(W|M)/i;

/** The MDISK statements of a directory, as minidisk records. */
export function minidisks(directory: readonly string[]): MinidiskView[] {
  return directory
    .map((l) => l.trim().split(/\s+/))
    .filter((w) => w[0]?.toUpperCase() === 'MDISK')
    .map((w) => {
      const virtual = /^[VT]-DISK$/i.test(w[3] ?? '');
      const fba = virtual || w[2] === '9336' || /^FB-512$/i.test(w[2] ?? '');
      // MDISK <vdev> <type> <start> <count> <volser> <mode>; virtual: MDISK <vdev> FB-512 V-DISK <blocks> <mode>
      return {
        vdev: w[1].toUpperCase().padStart(4, '0'),
        rdev: null,
        access_type: WRITE_MODES.test((virtual ? w[5] : w[6]) ?? '') ? 'R/W' : 'R/O',
        device_type: (w[2] ?? '').toUpperCase(),
        device_size: Number(w[4]),
        device_units: fba ? 'Blocks' : 'Cylinders',
        volume_label: ((virtual ? w[3] : w[5]) ?? '').toUpperCase(),
      };
    });
}

/** A DASD of the running guest (Image_Disk_Query) as the reference's entry. */
function dasdView(d: VirtualDasd): MinidiskView {
  return {
    vdev: d.vdev,
    rdev: d.rdev,
    access_type: d.accessType,
    device_type: d.deviceType,
    device_size: d.size,
    device_units: d.units,
    volume_label: d.volid,
  };
}

/** Guest disks of spec §4.3: read from the directory; add and delete as operations. */
@Injectable()
export class GuestDisksService {
  constructor(
    private readonly cfg: AppConfig,
    private readonly guests: GuestsRepository,
    private readonly hv: SystemsManagement,
    private readonly cp: CpQueries,
    private readonly ops: OperationsService,
  ) {}

  /**
   * No database check, as the reference (§10 item 25): any user in the directory. A running
   * guest is answered as the reference does, from one Image_Disk_Query (with each disk's real
   * device); a logged-off one, which that function cannot answer (the reference fails with a
   * 500), from its directory with `rdev` null. The reference answers a guest without
   * minidisks with a 500; we answer an empty list.
   */
  async list(userid: Userid): Promise<Envelope<{ minidisks: MinidiskView[] }>> {
    try {
      const { dasd } = await this.hv.imageDiskQuery(userid);
      return ok({ minidisks: dasd.map(dasdView) });
    } catch (e) {
      // not logged on, or not a user at all: the directory answers (or says it is unknown)
      if (!isSmapi(e, [200, 12], [200, 4])) throw e;
    }
    return ok({ minidisks: minidisks(await this.hv.imageQueryDM(userid)) });
  }

  /**
   * Vdevs not given follow the highest MDISK of the directory (reference §10 item 9); sizes,
   * pools and formats resolve as for create, except that no disk is the root (default ext4).
   * An empty list does nothing (200, output "").
   */
  async add(userid: Userid, dto: AddDisksDto, req: OperationRequest): Promise<Envelope | Accepted> {
    const id = (await requireManagedGuest(this.guests, userid)).userid;
    const list = dto.disk_list ?? [];
    if (list.length === 0) return ok();
    const existing = minidisks(await this.hv.imageQueryDM(id)).map((d) => parseInt(d.vdev, 16));
    const start = existing.length
      ? vdevPlus(Math.max(...existing).toString(16), 1)
      : this.cfg.USER_ROOT_VDEV;
    const seen = new Set<string>();
    const disks: ResolvedDisk[] = list.map((d, i) => {
      const { pool, kind } = resolvePool(d, this.cfg);
      const vdev = (d.vdev ?? vdevPlus(start, i)).toUpperCase().padStart(4, '0');
      if (seen.has(vdev)) throw Errors.input(3, `vdev ${vdev} is used by two disks of disk_list`);
      seen.add(vdev);
      return {
        vdev,
        deviceType: kind === 'ECKD' ? '3390' : '9336',
        diskPool: pool,
        units: sizeToUnits(d.size, kind),
        format: d.format ?? 'ext4',
        size: d.size,
        ...(d.is_boot_disk !== undefined ? { isBootDisk: d.is_boot_disk } : {}),
        formatGiven: d.format !== undefined,
      };
    });
    return this.ops.submit('guest.add-disks', { userid: id, disks }, req);
  }

  /**
   * PUT: file systems and mount points for the guest OS (reference §9.8). Vdev defaults to
   * the root vdev + (index + 1); mntdir to `/mnt/ephemeral<vdev>` (the reference, not the
   * spec's `/mnt/ephemeral0`); a swap disk mounts as `swap`. An empty list does nothing.
   */
  async config(
    userid: Userid,
    dto: ConfigDisksDto,
    req: OperationRequest,
  ): Promise<Envelope | Accepted> {
    const id = (await requireManagedGuest(this.guests, userid)).userid;
    const list = dto.disk_list ?? [];
    if (list.length === 0) return ok();
    const disks = list.map((d, i) => {
      const vdev = (d.vdev ?? vdevPlus(this.cfg.USER_ROOT_VDEV, i + 1))
        .toUpperCase()
        .padStart(4, '0');
      const mntdir = d.format === 'swap' ? 'swap' : (d.mntdir ?? `/mnt/ephemeral${vdev}`);
      return { vdev, format: d.format, mntdir };
    });
    return this.ops.submit('guest.config-disks', { userid: id, disks }, req);
  }

  /** Only a logged-off guest (501 otherwise); vdevs that are not defined count as deleted. */
  async delete(
    userid: Userid,
    dto: DeleteDisksDto,
    req: OperationRequest,
  ): Promise<Envelope | Accepted> {
    const id = (await requireManagedGuest(this.guests, userid)).userid;
    if ((await this.cp.queryUserPower(id)) === 'on') throw activeGuestDiskDelete();
    const vdevs = dto.vdev_list.map((v) => v.toUpperCase().padStart(4, '0'));
    return this.ops.submit('guest.delete-disks', { userid: id, vdevs }, req);
  }
}
