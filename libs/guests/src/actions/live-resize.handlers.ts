import { Injectable } from '@nestjs/common';
import { Errors, HvError, ModID, type Userid } from '#envelope';
import { SystemsManagement, CpQueries, ManagementGuestOps } from '#hypervisor';
import type { ResizeCpusPayload, ResizeMemPayload } from '#jobs';
import type { OperationContext, OperationHandler } from '#operations';
import { GuestsRepository } from '#persistence';
import { resizeCpus, resizeMemory, sizeMb } from '../domain/resize.js';
import { requireManagedGuest } from '../managed/managed-guest.js';
import { replaceDirectory, restoreDirectory } from './resize.handlers.js';

const hex2 = (n: number) => n.toString(16).toUpperCase().padStart(2, '0');

/** 409 rs 1 (modID 10) unless the guest is logged on: live changes need a running guest. */
async function requireActive(cp: CpQueries, userid: Userid, what: string): Promise<void> {
  if ((await cp.queryUserPower(userid)) !== 'on') {
    throw Errors.conflict(ModID.GUEST, 1, `Guest '${userid}' is not active, ${what} needs it on`);
  }
}

/** Runs guest commands; a failure becomes the given guest reason code (transport: retried). */
async function inGuest(guestOps: ManagementGuestOps, userid: Userid, rs: number, cmd: string) {
  try {
    return await guestOps.execInGuest(userid, cmd);
  } catch (e) {
    if (e instanceof HvError && e.overallRC === 3) {
      throw Errors.guest(rs, `Failed to run '${cmd}' on guest ${userid}: ${e.message}`);
    }
    throw e;
  }
}

/**
 * guest.live-resize-cpus (spec §4.7 rules): guest on (409 rs 1); below the active count →
 * 409 rs 2 (the spec's rule 1; the reference defines the code but has the check commented
 * out); the directory follows first (§9.7, max rules rs 3/4), then the new CPUs are defined in
 * the running guest (`vmcp def cpu`, rs 7), rescanned (`chcpu -r`, rs 8) and enabled
 * (`chcpu -e`, rs 15). A failure in the guest puts the directory back (undo).
 */
@Injectable()
export class LiveResizeCpusHandler implements OperationHandler<'guest.live-resize-cpus'> {
  constructor(
    private readonly hv: SystemsManagement,
    private readonly cp: CpQueries,
    private readonly guestOps: ManagementGuestOps,
    private readonly guests: GuestsRepository,
  ) {}

  async run({ userid, cpuCnt }: ResizeCpusPayload, ctx: OperationContext): Promise<''> {
    await requireManagedGuest(this.guests, userid);
    await requireActive(this.cp, userid, 'live resize of CPUs');
    const online = (await inGuest(this.guestOps, userid, 7, 'lscpu --parse=ADDRESS')).filter((l) =>
      /^\d+$/.test(l.trim()),
    ).length;
    if (cpuCnt < online) {
      throw Errors.conflict(
        ModID.GUEST,
        2,
        `Failed to live resize cpus of guest: '${userid}', error: the active CPU count ` +
          `${online} is greater than the requested count ${cpuCnt}`,
      );
    }
    const before = await this.hv.imageQueryDM(userid);
    const after = resizeCpus(userid, before, cpuCnt);
    if (after) {
      await replaceDirectory(this.hv, ctx, userid, after, { lock: 6, replace: 6 }, () =>
        restoreDirectory(this.hv, userid, before),
      );
    }
    if (cpuCnt === online) return '';
    const addrs = Array.from({ length: cpuCnt - online }, (_, i) => online + i);
    await ctx.step('define cpus', () =>
      inGuest(this.guestOps, userid, 7, `vmcp def cpu ${addrs.map(hex2).join(' ')}`),
    );
    await ctx.step('rescan cpus', () => inGuest(this.guestOps, userid, 8, 'chcpu -r'));
    await ctx.step('enable cpus', () =>
      inGuest(this.guestOps, userid, 15, `chcpu -e ${addrs.join(',')}`),
    );
    return '';
  }
}

/**
 * guest.live-resize-mem (spec §4.7 rules): guest on (409 rs 1); below the active memory
 * (`lsmem -b`) → 409 rs 18; directory first (rs 9/10, above max rs 20), then the increase is
 * defined as standby storage (rs 11) and brought online with `chmem -e` (rs 17). A failure in
 * the guest puts the directory back (undo).
 */
@Injectable()
export class LiveResizeMemHandler implements OperationHandler<'guest.live-resize-mem'> {
  constructor(
    private readonly hv: SystemsManagement,
    private readonly cp: CpQueries,
    private readonly guestOps: ManagementGuestOps,
    private readonly guests: GuestsRepository,
  ) {}

  async run({ userid, size }: ResizeMemPayload, ctx: OperationContext): Promise<''> {
    await requireManagedGuest(this.guests, userid);
    await requireActive(this.cp, userid, 'live resize of memory');
    const lines = await inGuest(this.guestOps, userid, 11, 'lsmem -b');
    const total = /Total online memory:\s*(\d+)/.exec(lines.join('\n'));
    const activeMb = total ? Math.floor(Number(total[1]) / 1024 ** 2) : 0;
    const wantMb = sizeMb(size);
    if (wantMb < activeMb) {
      throw Errors.conflict(
        ModID.GUEST,
        18,
        `Failed to live resize memory of guest: '${userid}', error: the active memory ` +
          `${activeMb}M is greater than the requested ${wantMb}M`,
      );
    }
    const before = await this.hv.imageQueryDM(userid);
    const after = resizeMemory(userid, before, wantMb);
    if (after) {
      await replaceDirectory(this.hv, ctx, userid, after, { lock: 9, replace: 10 }, () =>
        restoreDirectory(this.hv, userid, before),
      );
    }
    const increase = wantMb - activeMb;
    if (increase === 0) return '';
    await ctx.step('define standby storage', () =>
      inGuest(this.guestOps, userid, 11, `vmcp def storage standby ${increase}M`),
    );
    await ctx.step('online memory', () =>
      inGuest(this.guestOps, userid, 17, `chmem -e ${increase}M`),
    );
    return '';
  }
}
