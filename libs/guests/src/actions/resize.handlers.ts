import { Injectable } from '@nestjs/common';
import { Errors, HvError, type Userid } from '#envelope';
import { SystemsManagement, tolerating } from '#hypervisor';
import type { ResizeCpusPayload, ResizeMemPayload } from '#jobs';
import type { OperationContext, OperationHandler } from '#operations';
import { GuestsRepository } from '#persistence';
import { type DirectoryChange, resizeCpus, resizeMemory, sizeMb } from '../domain/resize.js';
import { requireManagedGuest } from '../managed/managed-guest.js';

/**
 * Rewrites a directory entry: Image_Lock_DM (already locked by us in an earlier attempt:
 * 400/12 is fine), Image_Replace_DM, which unlocks; on a failed replace the lock is released
 * (400/24: not locked any more). Failures become guest errors with the given reason codes.
 * `undo` runs if the operation fails later (live resizes put the old entry back).
 */
export async function replaceDirectory(
  hv: SystemsManagement,
  ctx: OperationContext,
  userid: Userid,
  lines: string[],
  rs: { lock: number; replace: number },
  undo?: () => Promise<unknown>,
): Promise<void> {
  const wrap = (rsCode: number, what: string) => (e: unknown) => {
    if (!(e instanceof HvError) || e.overallRC !== 8) throw e; // transport: let the job retry
    throw Errors.guest(rsCode, `Failed to ${what} the directory entry of ${userid}: ${e.message}`);
  };
  await ctx.step('lock directory', () =>
    tolerating(hv.imageLockDM(userid), [400, 12]).catch(wrap(rs.lock, 'lock')),
  );
  await ctx.step(
    'replace directory',
    async () => {
      try {
        await hv.imageReplaceDM(userid, lines);
      } catch (e) {
        await tolerating(hv.imageUnlockDM(userid), [400, 24]).catch(() => undefined);
        wrap(rs.replace, 'replace')(e);
      }
    },
    undo ? { undo } : {},
  );
}

/** Puts an entry back as it was (the undo of a live resize): lock, replace. */
export async function restoreDirectory(
  hv: SystemsManagement,
  userid: Userid,
  lines: string[],
): Promise<void> {
  await tolerating(hv.imageLockDM(userid), [400, 12]);
  await hv.imageReplaceDM(userid, lines);
}

/** Reads the entry, computes the change; a no-op is recorded as a skipped step. */
async function resizeEntry(
  hv: SystemsManagement,
  ctx: OperationContext,
  userid: Userid,
  change: (directory: string[]) => DirectoryChange,
  rs: { lock: number; replace: number },
): Promise<''> {
  const lines = change(await hv.imageQueryDM(userid));
  if (!lines) {
    await ctx.skip('replace directory', 'the directory already has the requested size');
    return '';
  }
  await replaceDirectory(hv, ctx, userid, lines, rs);
  return '';
}

/**
 * guest.resize-cpus (reference §9.7): the directory's CPU statements only; the running guest
 * sees it after a reset. Over the MACHINE maximum → 409 rs 4. We rewrite the entry with
 * Lock/Replace where the reference uses Image_Definition_Delete_DM/Update_DM: the resulting
 * entry is the same, and one replace cannot leave it half changed.
 */
@Injectable()
export class ResizeCpusHandler implements OperationHandler<'guest.resize-cpus'> {
  constructor(
    private readonly hv: SystemsManagement,
    private readonly guests: GuestsRepository,
  ) {}

  async run({ userid, cpuCnt }: ResizeCpusPayload, ctx: OperationContext): Promise<''> {
    await requireManagedGuest(this.guests, userid);
    return resizeEntry(this.hv, ctx, userid, (d) => resizeCpus(userid, d, cpuCnt), {
      lock: 6,
      replace: 6,
    });
  }
}

/**
 * guest.resize-mem (reference §9.7): the USER line's initial storage; above its maximum →
 * 409 rs 20; takes effect at the next logon. Lock failure rs 9, replace failure rs 10.
 */
@Injectable()
export class ResizeMemHandler implements OperationHandler<'guest.resize-mem'> {
  constructor(
    private readonly hv: SystemsManagement,
    private readonly guests: GuestsRepository,
  ) {}

  async run({ userid, size }: ResizeMemPayload, ctx: OperationContext): Promise<''> {
    await requireManagedGuest(this.guests, userid);
    return resizeEntry(this.hv, ctx, userid, (d) => resizeMemory(userid, d, sizeMb(size)), {
      lock: 9,
      replace: 10,
    });
  }
}
