import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { JOB_CATALOGUE, isJobName } from '#jobs';
import { OperationsRepository } from '#persistence';
import { type LineScripts, withLineScripts } from './line-scripts.js';
import { RedisService } from './redis.service.js';
import { queueOf } from '../queue-of.js';

/**
 * Per-guest order: each guest has a FIFO of its unfinished operations in Redis, appended at
 * submission. Only the operation at the head may run; the others wait without holding a
 * worker slot (they are moved to delayed) and the head's successor is woken when it ends.
 */
@Injectable()
export class GuestTurns {
  private readonly scripts: LineScripts;

  constructor(
    private readonly redis: RedisService,
    private readonly ops: OperationsRepository,
    private readonly moduleRef: ModuleRef,
  ) {
    this.scripts = withLineScripts(redis.client);
  }

  /**
   * A line's key. Targets come upper case from the job catalogue (a Userid, or VSWITCH:NAME)
   * or from the operation's stored row, which keeps them as submitted.
   */
  private key(target: string): string {
    return this.redis.taggedKey('guest-turns', target);
  }

  /** Appends an operation to the guest's line; resolves with how many are ahead of it. */
  async join(userid: string, operationId: string): Promise<number> {
    return (await this.redis.client.rpush(this.key(userid), operationId)) - 1;
  }

  /**
   * Joins the line only when it is empty, atomically (handling=strict: two strict requests at
   * the same instant cannot both pass). Stale entries of ended operations are dropped first.
   * Resolves with null when joined, else with the unfinished operation ahead.
   */
  async joinIfIdle(userid: string, operationId: string): Promise<string | null> {
    for (;;) {
      const busy = await this.busyWith(userid);
      if (busy) return busy;
      const joined = (await this.redis.client.eval(
        "if redis.call('LLEN', KEYS[1]) == 0 then return redis.call('RPUSH', KEYS[1], ARGV[1]) end return 0",
        1,
        this.key(userid),
        operationId,
      )) as number;
      if (joined) return null;
      // someone joined between the check and the push: look again (their entry may be stale)
    }
  }

  /** The operation whose turn it is, or null when the line is empty. */
  head(userid: string): Promise<string | null> {
    return this.redis.client.lindex(this.key(userid), 0);
  }

  /** Unfinished operations of the guest, in order. */
  line(userid: string): Promise<string[]> {
    return this.redis.client.lrange(this.key(userid), 0, -1);
  }

  /** Leaves the line (ended, cancelled, or never queued); resolves with the new head. */
  leave(userid: string, operationId: string): Promise<string | null> {
    return this.scripts.hvoLeaveLine(this.key(userid), operationId);
  }

  /** Leaves the line and wakes the next operation now rather than at its next recheck. */
  async leaveAndWake(userid: string, operationId: string): Promise<void> {
    const next = await this.leave(userid, operationId);
    if (!next) return;
    const op = await this.ops.get(next);
    if (!op || !isJobName(op.kind)) return;
    const queue = queueOf(this.moduleRef, JOB_CATALOGUE[op.kind].queue);
    const job = await queue.getJob(next);
    if (job && (await job.isDelayed())) await job.promote().catch(() => undefined); // raced: fine
  }

  /** The first unfinished operation of the guest (stale entries of ended ones are dropped). */
  async busyWith(userid: string): Promise<string | null> {
    for (const id of await this.line(userid)) {
      const op = await this.ops.get(id);
      if (op && (op.status === 'queued' || op.status === 'running')) {
        return id;
      }
      await this.leave(userid, id);
    }
    return null;
  }
}
