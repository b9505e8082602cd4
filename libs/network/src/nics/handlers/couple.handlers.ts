import { Injectable } from '@nestjs/common';
import { Errors, ModID } from '#envelope';
import { CpQueries, SystemsManagement, tolerating } from '#hypervisor';
import type { CoupleNicPayload } from '#jobs';
import type { OperationContext, OperationHandler } from '#operations';
import { requireManagedGuest } from '#guests';
import { GuestsRepository, NicsRepository } from '#persistence';
import { conflict, mapped, missing } from '../domain/nic-errors.js';
import { coupledDirectory, isCoupledTo } from '../domain/nicdef-line.js';
import { replaceDirectory, restoreDirectory } from './directory-edit.js';
import { requireActiveIf } from './nic-guards.js';

/**
 * nic.couple (reference §9.9): the vswitch must exist (404); the NICDEF statement is rewritten
 * with `LAN SYSTEM <vswitch> [VLAN <id> PORTTYPE ACCESS]` under Image_Lock_DM/Replace_DM
 * (nothing at all when already coupled there, as the reference); with `active` the running NIC
 * is coupled too, and its failure puts the directory back; then the record.
 */
@Injectable()
export class CoupleNicHandler implements OperationHandler<'nic.couple'> {
  constructor(
    private readonly hv: SystemsManagement,
    private readonly cp: CpQueries,
    private readonly guests: GuestsRepository,
    private readonly nics: NicsRepository,
  ) {}

  async run(p: CoupleNicPayload, ctx: OperationContext): Promise<''> {
    const { userid, vdev, active } = p;
    const vswitch = (p.vswitch ?? '').toUpperCase();
    await requireManagedGuest(this.guests, userid);
    await requireActiveIf(this.cp, userid, active);
    if (!(await this.hv.vswitchExists(vswitch))) {
      throw Errors.notExist(ModID.NETWORK, `Vswitch ${vswitch}`);
    }
    const saved = await this.hv.imageQueryDM(userid);
    if (isCoupledTo(saved, vdev, vswitch)) {
      await ctx.skip(`couple NIC ${vdev}`, `already coupled to ${vswitch}`);
      return '';
    }
    const next = coupledDirectory(saved, vdev, vswitch, p.vlanId ?? -1);
    if (!next) throw Errors.notExist(ModID.NETWORK, `Guest device ${vdev}`);
    await ctx.step(
      `couple NIC ${vdev} in directory`,
      () => replaceDirectory(this.hv, userid, next),
      { undo: () => restoreDirectory(this.hv, userid, saved) },
    );
    if (active) {
      await ctx.step(`couple NIC ${vdev} in running guest`, () =>
        tolerating(
          mapped(
            this.hv.nicConnect(userid, vdev, vswitch),
            conflict(10, [212, 28], [212, 8], [396, 2788], [396, 2848], [396, 3034], [396, 6011]),
            missing(`Vswitch ${vswitch}`, [212, 40]),
            missing(`Guest device ${vdev}`, [204, 8]),
          ),
          [204, 20],
        ),
      );
    }
    const before = (await this.nics.find(userid, vdev))?.switch ?? null;
    await ctx.step(
      `record NIC ${vdev} coupling`,
      () => this.nics.setSwitch(userid, vdev, vswitch),
      {
        undo: () => this.nics.setSwitch(userid, vdev, before),
      },
    );
    return '';
  }
}

/**
 * nic.uncouple: Virtual_Network_Adapter_Disconnect_DM (not coupled tolerated), the record,
 * and with `active` the running NIC (not coupled tolerated); a failure puts both back.
 */
@Injectable()
export class UncoupleNicHandler implements OperationHandler<'nic.uncouple'> {
  constructor(
    private readonly hv: SystemsManagement,
    private readonly cp: CpQueries,
    private readonly guests: GuestsRepository,
    private readonly nics: NicsRepository,
  ) {}

  async run({ userid, vdev, active }: CoupleNicPayload, ctx: OperationContext): Promise<''> {
    await requireManagedGuest(this.guests, userid);
    await requireActiveIf(this.cp, userid, active);
    const saved = await this.hv.imageQueryDM(userid);
    await ctx.step(
      `uncouple NIC ${vdev} in directory`,
      () =>
        tolerating(
          mapped(
            this.hv.nicDisconnectDM(userid, vdev),
            conflict(13, [400, 12]),
            missing(`Guest device ${vdev}`, [404, 8]),
            missing(`Guest ${userid}`, [400, 4]),
          ),
          [212, 32],
        ),
      { undo: () => restoreDirectory(this.hv, userid, saved) },
    );
    const before = (await this.nics.find(userid, vdev))?.switch ?? null;
    await ctx.step(`record NIC ${vdev} uncoupled`, () => this.nics.setSwitch(userid, vdev, null), {
      undo: () => this.nics.setSwitch(userid, vdev, before),
    });
    if (active) {
      await ctx.step(`uncouple NIC ${vdev} in running guest`, () =>
        tolerating(
          mapped(
            this.hv.nicDisconnect(userid, vdev),
            conflict(12, [204, 28]),
            missing(`Guest device ${vdev}`, [204, 8]),
          ),
          [204, 48],
        ),
      );
    }
    return '';
  }
}
