import { Injectable } from '@nestjs/common';
import type { Userid } from '#envelope';
import { SystemsManagement, isSmapi } from '#hypervisor';
import { TurnBatchedMembership } from './turn-batched-membership.js';

/**
 * Whether users have a directory entry, for power_state of a guest that is off. The checks
 * asked in one turn are answered together (TurnBatchedMembership): one asked alone by its own
 * Image_Query_DM, several by one Image_Name_Query_DM (every user the directory defines).
 */
@Injectable()
export class DirectoryChecks {
  private readonly batched: TurnBatchedMembership;

  constructor(private readonly hv: SystemsManagement) {
    this.batched = new TurnBatchedMembership({
      one: (id) => this.one(id),
      all: () => this.all(),
    });
  }

  /** Whether `userid` is in the directory now. */
  has(userid: Userid): Promise<boolean> {
    return this.batched.has(userid);
  }

  private async one(id: Userid): Promise<boolean> {
    try {
      await this.hv.imageQueryDM(id);
      return true;
    } catch (e) {
      if (isSmapi(e, [400, 4])) return false;
      throw e;
    }
  }

  private async all(): Promise<Set<string>> {
    return new Set((await this.hv.imageNameQueryDM()).map((u) => u.trim().toUpperCase()));
  }
}
