import { Injectable } from '@nestjs/common';
import type { Userid } from '#envelope';
import { AppConfig } from '#config';
import { setTimeout as sleep } from 'node:timers/promises';
import { SystemsManagement, isSmapi, tolerating } from '#hypervisor';
import type { OperationContext, ProbeResult } from '#operations';
import { NicsRepository, type NicRecord } from '#persistence';
import { conflict, mapped } from '../domain/nic-errors.js';
import { chooseNicVdev } from '../domain/nic-vdev.js';
import { isNicdefOf } from '../domain/nicdef-line.js';
import { restoreDirectory } from './directory-edit.js';

/**
 * Runs a directory call again while the entry is locked (400/12) by someone else, after 1, 3, 5
 * and 8 s, as the reference's create_nic does; the last refusal stands.
 */
export async function whileLocked<T>(call: () => Promise<T>, delaysMs = [1000, 3000, 5000, 8000]) {
  for (const ms of delaysMs) {
    try {
      return await call();
    } catch (e) {
      if (!isSmapi(e, [400, 12])) throw e;
      await sleep(ms);
    }
  }
  return call();
}

export interface NewNic {
  vdev?: string;
  nicId?: string;
  macId?: string;
  active: boolean;
}

/**
 * The steps that create and delete one NIC (reference §9.9), shared by the NIC and interface
 * operations. Each records an undo, so a later failure leaves directory, running guest and
 * database as they were.
 */
@Injectable()
export class NicSteps {
  constructor(
    private readonly cfg: AppConfig,
    private readonly hv: SystemsManagement,
    private readonly nics: NicsRepository,
  ) {}

  /** Creates the NIC (device number chosen as the reference) and answers its device number. */
  async create(ctx: OperationContext, userid: Userid, nic: NewNic): Promise<string> {
    // chosen from the records, which change only in the last step: a retry chooses the same
    const existing = (await this.nics.list({ userid })).map((r) => r.interface);
    const vdev = chooseNicVdev(userid, existing, nic.vdev, this.cfg.DEFAULT_NIC_VDEV);
    const defineDM = () => whileLocked(() => this.hv.nicCreateDM(userid, vdev, nic.macId));
    await ctx.step(
      `define NIC ${vdev} in directory`,
      () => mapped(defineDM(), conflict(7, [400, 12], [404, 12]), conflict(6, [404, 4])),
      {
        undo: () => tolerating(this.hv.nicDeleteDM(userid, vdev), [404, 8]),
        // in doubt: read back from the directory; not there, defined again (404/4 "device
        // numbers in use": the lost call landed meanwhile, which the read-back then finds)
        probe: () => this.nicdefProbe(userid, vdev),
        repeat: () => tolerating(defineDM(), [404, 4]),
      },
    );
    if (nic.active) {
      const define = () => this.hv.nicCreate(userid, vdev);
      await ctx.step(
        `define NIC ${vdev} in running guest`,
        () => mapped(define(), conflict(6, [204, 4], [204, 28], [396, 2797])),
        {
          undo: () => tolerating(this.hv.nicDelete(userid, vdev), [204, 8], [200, 12]),
          // in doubt: read back from the running guest's NICs; not there, defined again
          probe: () => this.runningNicProbe(userid, vdev),
          repeat: () => tolerating(define(), [204, 4]),
        },
      );
    }
    await ctx.step(`record NIC ${vdev}`, () => this.nics.add(userid, vdev, nic.nicId ?? null), {
      undo: () => this.nics.remove(userid, vdev),
    });
    return vdev;
  }

  /**
   * Deletes the NIC: directory (not defined tolerated), record, running guest (not there
   * tolerated). A NIC without a record is only looked for in the running guest, when `active`.
   */
  async delete(ctx: OperationContext, userid: Userid, vdev: string, active: boolean) {
    const row = await this.nics.find(userid, vdev);
    if (row) {
      const saved = await this.hv.imageQueryDM(userid);
      await ctx.step(
        `delete NIC ${vdev} in directory`,
        () =>
          tolerating(mapped(this.hv.nicDeleteDM(userid, vdev), conflict(9, [400, 12])), [404, 8]),
        { undo: () => restoreDirectory(this.hv, userid, saved) },
      );
      await ctx.step(`remove NIC ${vdev} record`, () => this.nics.remove(userid, vdev), {
        undo: () => this.restoreRecord(userid, row),
      });
    }
    if (active) {
      await ctx.step(`delete NIC ${vdev} in running guest`, () =>
        tolerating(mapped(this.hv.nicDelete(userid, vdev), conflict(8, [204, 28])), [204, 8]),
      );
    }
  }

  /** Whether the directory has the NIC's NICDEF (Image_Query_DM). */
  private async nicdefProbe(userid: Userid, vdev: string): Promise<ProbeResult> {
    const lines = await this.hv.imageQueryDM(userid);
    return lines.some((l) => isNicdefOf(l, vdev)) ? 'done' : 'absent';
  }

  /** Whether the running guest has the NIC (Virtual_Network_Adapter_Query_Extended). */
  private async runningNicProbe(userid: Userid, vdev: string): Promise<ProbeResult> {
    const { adapters } = await this.hv.adapterQuery(userid);
    const has = adapters.some((a) => parseInt(a.vdev, 16) === parseInt(vdev, 16));
    return has ? 'done' : 'absent';
  }

  /** The record as it was; the guest's own, found by `userid`. */
  private async restoreRecord(userid: Userid, row: NicRecord): Promise<void> {
    await this.nics.add(userid, row.interface, row.port);
    if (row.switch) await this.nics.setSwitch(userid, row.interface, row.switch);
  }
}
