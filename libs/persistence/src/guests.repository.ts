import { Inject, Injectable } from '@nestjs/common';
import { DuplicateRecordError, isUniqueViolation } from './errors.js';
import type { Guest } from './generated/sqlite/client.js';
import type { GuestPatch, GuestRecord, NewGuest } from './guest.types.js';
import { PrismaService } from './prisma.service.js';

/** Userids are case-insensitive on the hypervisor; we store and query them upper case. */
const norm = (userid: string): string => userid.trim().toUpperCase();

function toRecord(row: Guest): GuestRecord {
  const { comments, ...rest } = row;
  return { ...rest, comments: JSON.parse(comments) as Record<string, unknown> };
}

@Injectable()
export class GuestsRepository {
  constructor(@Inject(PrismaService) private readonly prisma: PrismaService) {}

  private get db() {
    return this.prisma.client;
  }

  async findByUserid(userid: string): Promise<GuestRecord | null> {
    const row = await this.db.guest.findUnique({ where: { userid: norm(userid) } });
    return row && toRecord(row);
  }

  /** Userids of the guests this service manages (not migrated away), sorted. */
  async listManaged(): Promise<string[]> {
    const rows = await this.db.guest.findMany({
      where: { migrated: false },
      select: { userid: true },
      orderBy: { userid: 'asc' },
    });
    return rows.map((r) => r.userid);
  }

  /** @throws DuplicateRecordError when the userid exists already. */
  async create(guest: NewGuest): Promise<GuestRecord> {
    const userid = norm(guest.userid);
    if (!/^\S{1,8}$/.test(userid)) throw new RangeError(`invalid userid: ${guest.userid}`);
    try {
      const row = await this.db.guest.create({
        data: { userid, metadata: guest.metadata ?? '', netSet: guest.netSet ?? 0 },
      });
      return toRecord(row);
    } catch (e) {
      if (isUniqueViolation(e)) throw new DuplicateRecordError('guest', userid);
      throw e;
    }
  }

  /** Returns whether a row was deleted; a missing guest is not an error. */
  async delete(userid: string): Promise<boolean> {
    const { count } = await this.db.guest.deleteMany({ where: { userid: norm(userid) } });
    return count > 0;
  }

  /** Returns the updated guest, or null when there is none. */
  async update(userid: string, patch: GuestPatch): Promise<GuestRecord | null> {
    const { comments, ...rest } = patch;
    const { count } = await this.db.guest.updateMany({
      where: { userid: norm(userid) },
      data: { ...rest, ...(comments && { comments: JSON.stringify(comments) }) },
    });
    return count ? this.findByUserid(userid) : null;
  }
}
