import type { Userid } from '#envelope';

interface Waiter {
  resolve(member: boolean): void;
  reject(e: unknown): void;
}

/** How one kind of membership ("in the directory", "logged on") is asked of the hypervisor. */
export interface MembershipQueries {
  /** For one user asked alone: its own call. */
  one(userid: Userid): Promise<boolean>;
  /** For several: one call that lists every member (userids, upper case). */
  all(): Promise<ReadonlySet<string>>;
}

/**
 * Membership questions asked in one turn of the event loop, answered together: one asked alone
 * by its own call, several by one call listing every member, sent after the last of them was
 * asked for, so no answer is older than its request. Nothing is kept between turns. A call per
 * request was most of a read's cost under load (docs/decisions/0004).
 */
export class TurnBatchedMembership {
  private batch: Map<Userid, Waiter[]> | null = null;

  constructor(private readonly queries: MembershipQueries) {}

  /** Whether `userid` is a member now. */
  has(userid: Userid): Promise<boolean> {
    if (!this.batch) {
      const batch = new Map<Userid, Waiter[]>();
      this.batch = batch;
      setImmediate(() => {
        this.batch = null;
        void this.answer(batch);
      });
    }
    const batch = this.batch;
    return new Promise<boolean>((resolve, reject) => {
      const waiters = batch.get(userid);
      if (waiters) waiters.push({ resolve, reject });
      else batch.set(userid, [{ resolve, reject }]);
    });
  }

  private async answer(batch: Map<Userid, Waiter[]>): Promise<void> {
    try {
      const members =
        batch.size === 1 ? await this.alone([...batch.keys()][0]) : await this.queries.all();
      for (const [id, waiters] of batch) for (const w of waiters) w.resolve(members.has(id));
    } catch (e) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(e);
    }
  }

  private async alone(id: Userid): Promise<ReadonlySet<string>> {
    return (await this.queries.one(id)) ? new Set([id]) : new Set();
  }
}
