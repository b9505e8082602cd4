import { Injectable } from '@nestjs/common';
import type { Userid } from '#envelope';
import { SystemsManagement, isSmapi } from '#hypervisor';

interface Waiter {
  resolve(inDirectory: boolean): void;
  reject(e: unknown): void;
}

/**
 * Whether users have a directory entry, for power_state of a guest that is off. The checks
 * asked for in one turn of the event loop are answered together: one asked alone by its own
 * Image_Query_DM, several by one Image_Name_Query_DM (every user the directory defines), sent
 * after the last of them was asked for, so no answer is older than its request. A hypervisor
 * call per request was most of power_state's cost (bench/README.md).
 */
@Injectable()
export class DirectoryChecks {
  private batch: Map<Userid, Waiter[]> | null = null;

  constructor(private readonly hv: SystemsManagement) {}

  /** Whether `userid` is in the directory now. */
  has(userid: Userid): Promise<boolean> {
    if (!this.batch) {
      const batch = new Map<Userid, Waiter[]>();
      this.batch = batch;
      setImmediate(() => {
        this.batch = null;
        void this.check(batch);
      });
    }
    const batch = this.batch;
    return new Promise<boolean>((resolve, reject) => {
      const waiters = batch.get(userid);
      if (waiters) waiters.push({ resolve, reject });
      else batch.set(userid, [{ resolve, reject }]);
    });
  }

  private async check(batch: Map<Userid, Waiter[]>): Promise<void> {
    try {
      const known = batch.size === 1 ? await this.one([...batch.keys()][0]) : await this.all();
      for (const [id, waiters] of batch) for (const w of waiters) w.resolve(known.has(id));
    } catch (e) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(e);
    }
  }

  private async one(id: Userid): Promise<Set<string>> {
    try {
      await this.hv.imageQueryDM(id);
      return new Set([id]);
    } catch (e) {
      if (isSmapi(e, [400, 4])) return new Set();
      throw e;
    }
  }

  private async all(): Promise<Set<string>> {
    return new Set((await this.hv.imageNameQueryDM()).map((u) => u.trim().toUpperCase()));
  }
}
