import { Inject, Injectable } from '@nestjs/common';
import type { Userid } from '#envelope';
import { DuplicateRecordError, isUniqueViolation } from './errors.js';
import type { NicQuery, NicRecord } from './nic.types.js';
import { PrismaService } from './prisma.service.js';

/**
 * NIC records (reference table `switch`). Device numbers are compared as numbers, as the
 * reference does (`int(interface, 16)`), so `1000` and `01000` are one NIC. Rows go with their
 * guest row (foreign key, cascade).
 */
@Injectable()
export class NicsRepository {
  constructor(@Inject(PrismaService) private readonly prisma: PrismaService) {}

  private get db() {
    return this.prisma.client;
  }

  /**
   * Records matching every filter given; userids upper case, by userid then device number. The
   * userid filter is normalised here: GET /guests/nics takes any string there (as the
   * reference), so it arrives from outside the Userid brand.
   */
  async list(q: NicQuery = {}): Promise<NicRecord[]> {
    const rows = await this.db.nic.findMany({
      where: {
        // eslint-disable-next-line no-restricted-syntax -- any string: see above
        ...(q.userid !== undefined ? { userid: q.userid.trim().toUpperCase() } : {}),
        ...(q.port !== undefined ? { port: q.port } : {}),
        ...(q.switch !== undefined ? { switch: q.switch } : {}),
      },
      orderBy: [{ userid: 'asc' }, { interface: 'asc' }],
      select: { userid: true, interface: true, switch: true, port: true, comments: true },
    });
    return rows;
  }

  /** The guest's NIC whose device number equals `vdev` numerically, or null. */
  async find(userid: Userid, vdev: string): Promise<NicRecord | null> {
    const n = parseInt(vdev, 16);
    return (await this.list({ userid })).find((r) => parseInt(r.interface, 16) === n) ?? null;
  }

  /** @throws DuplicateRecordError when the guest has that device number already. */
  async add(userid: Userid, vdev: string, port: string | null = null): Promise<NicRecord> {
    try {
      return await this.db.nic.create({
        data: { userid, interface: vdev, port },
        select: { userid: true, interface: true, switch: true, port: true, comments: true },
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw new DuplicateRecordError('nic', `${userid} ${vdev}`);
      throw e;
    }
  }

  /** Sets (or clears, null) the coupled vswitch; false when there is no such NIC. */
  async setSwitch(userid: Userid, vdev: string, vswitch: string | null): Promise<boolean> {
    const row = await this.find(userid, vdev);
    if (!row) return false;
    await this.db.nic.update({
      where: { userid_interface: { userid: row.userid, interface: row.interface } },
      data: { switch: vswitch },
    });
    return true;
  }

  /** Removes the NIC's record; false when there was none. */
  async remove(userid: Userid, vdev: string): Promise<boolean> {
    const row = await this.find(userid, vdev);
    if (!row) return false;
    await this.db.nic.deleteMany({ where: { userid: row.userid, interface: row.interface } });
    return true;
  }
}
