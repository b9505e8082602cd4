import { Inject, Injectable } from '@nestjs/common';
import type { Userid } from '#envelope';
import { DuplicateRecordError, isUniqueViolation } from './errors.js';
import type { Guest } from './generated/sqlite/client.js';
import { selectByUserid, selectByUserids } from './guest-statements.js';
import type { GuestPatch, GuestRecord, NewGuest } from './guest.types.js';
import { PrismaService } from './prisma.service.js';

/** Userids one batched read asks for at most (well under SQLite's and PostgreSQL's limits). */
const MAX_BATCH = 500;

interface Waiter {
  resolve(row: GuestRecord | null): void;
  reject(e: unknown): void;
}

function toRecord(row: Guest): GuestRecord {
  const { comments, ...rest } = row;
  return { ...rest, comments: JSON.parse(comments) as Record<string, unknown> };
}

/**
 * Guest rows. Userids are case-insensitive on the hypervisor; rows hold them upper case, and
 * reads and changes take a Userid (upper case since it entered); only `create` normalises.
 */
@Injectable()
export class GuestsRepository {
  private readonly departureListeners: ((userid: Userid) => Promise<void>)[] = [];

  constructor(@Inject(PrismaService) private readonly prisma: PrismaService) {}

  /**
   * `listener` is called, and awaited, after each delete of a guest and each mark of one as
   * migrated away, whether a row changed or not: a step run again after a crash finds nothing
   * left to change, and the word must still go out. Workers and the api (deregister_vm) tell every
   * api's ManagedGuests so.
   */
  onDeparture(listener: (userid: Userid) => Promise<void>): void {
    this.departureListeners.push(listener);
  }

  private async departed(userid: Userid): Promise<void> {
    for (const listener of this.departureListeners) await listener(userid);
  }

  private get db() {
    return this.prisma.client;
  }

  async findByUserid(userid: Userid): Promise<GuestRecord | null> {
    // every operation's managed-guest check: a direct statement (guest-statements.ts)
    const row = await selectByUserid(this.prisma.direct, userid);
    return row && toRecord(row);
  }

  /** Reads asked for in this turn of the event loop, by upper-case userid; sent at its end. */
  private batch: Map<string, Waiter[]> | null = null;

  /**
   * findByUserid for hot read paths: the reads asked for in one turn of the event loop (the
   * requests read from the sockets together) share one statement, sent after the last of them
   * was asked for, so no answer is older than its request. Prisma's cost is per statement,
   * not per row (docs/decisions/0004).
   */
  findByUseridBatched(userid: Userid): Promise<GuestRecord | null> {
    if (!this.batch) {
      const batch = new Map<string, Waiter[]>();
      this.batch = batch;
      setImmediate(() => {
        if (this.batch === batch) this.batch = null;
        void this.readBatch(batch);
      });
    }
    const batch = this.batch;
    const answer = new Promise<GuestRecord | null>((resolve, reject) => {
      const waiters = batch.get(userid);
      if (waiters) waiters.push({ resolve, reject });
      else batch.set(userid, [{ resolve, reject }]);
    });
    if (batch.size >= MAX_BATCH) this.batch = null; // the next read starts a new batch
    return answer;
  }

  private async readBatch(batch: Map<string, Waiter[]>): Promise<void> {
    try {
      const rows = await selectByUserids(this.prisma.direct, [...batch.keys()]);
      const byId = new Map(rows.map((r) => [r.userid, r]));
      for (const [id, waiters] of batch) {
        const row = byId.get(id);
        // a record each: callers may change theirs
        for (const w of waiters) w.resolve(row ? toRecord(row) : null);
      }
    } catch (e) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(e);
    }
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

  /**
   * @throws DuplicateRecordError when the userid exists already. The one place that still
   * normalises and checks: it makes the row every read keys on, and takes a plain userid
   * (fixtures and scripts make rows too), so no caller can write a row the reads would miss.
   */
  async create(guest: NewGuest): Promise<GuestRecord> {
    // eslint-disable-next-line no-restricted-syntax -- a plain userid: see above
    const userid = guest.userid.trim().toUpperCase();
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
  async delete(userid: Userid): Promise<boolean> {
    const { count } = await this.db.guest.deleteMany({ where: { userid } });
    await this.departed(userid);
    return count > 0;
  }

  /** Returns the updated guest, or null when there is none. */
  async update(userid: Userid, patch: GuestPatch): Promise<GuestRecord | null> {
    const { comments, ...rest } = patch;
    const { count } = await this.db.guest.updateMany({
      where: { userid },
      data: { ...rest, ...(comments && { comments: JSON.stringify(comments) }) },
    });
    if (patch.migrated === true) await this.departed(userid);
    return count ? this.findByUserid(userid) : null;
  }
}
