import { Injectable } from '@nestjs/common';
import { SystemsManagement, isSmapi, tolerating, type VswitchCreateParams } from '#hypervisor';
import type { VswitchCreatePayload, VswitchNamePayload, VswitchUpdatePayload } from '#jobs';
import type { OperationContext, OperationHandler } from '#operations';
import { VswitchErrors } from '../vswitch-errors.js';

/** SET VSWITCH refusals the reference words as "set vswitch failed" (409 rs 5). */
const SET_REFUSED = [2846, 2838, 2853, 2856, 2858, 3022, 3033];

/** vswitch.create: DEFINE VSWITCH with the reference's defaults (212/36 → 409). */
@Injectable()
export class CreateVswitchHandler implements OperationHandler<'vswitch.create'> {
  constructor(private readonly hv: SystemsManagement) {}

  async run(p: VswitchCreatePayload, ctx: OperationContext): Promise<''> {
    const vid = p.vid ?? 'UNAWARE';
    const params: VswitchCreateParams = {
      switchName: p.name,
      ...(p.rdev ? { realDeviceAddress: p.rdev } : {}),
      ...(p.controller ? { controllerName: p.controller } : {}),
      connectionValue: (p.connection ?? 'CONNECT') as VswitchCreateParams['connectionValue'],
      queueMemoryLimit: p.queueMem ?? 8,
      transportType: (p.networkType ?? 'ETHERNET') as VswitchCreateParams['transportType'],
      vlanId: vid,
      persist: p.persist,
      // port type, GVRP and native VLAN only mean something to a VLAN-aware switch
      ...(vid !== 'UNAWARE'
        ? {
            portType: (p.portType ?? 'ACCESS') as VswitchCreateParams['portType'],
            gvrpValue: (p.gvrp ?? 'GVRP') as VswitchCreateParams['gvrpValue'],
            nativeVlanid: p.nativeVid ?? 1,
          }
        : {}),
      ...(p.networkType === 'IP'
        ? { routingValue: (p.router ?? 'NONROUTER') as VswitchCreateParams['routingValue'] }
        : {}),
    };
    await ctx.step('define vswitch', () => this.hv.vswitchCreate(params));
    return '';
  }
}

/** vswitch.update: grant (a no-op when already granted), revoke, or a user's VLAN id. */
@Injectable()
export class UpdateVswitchHandler implements OperationHandler<'vswitch.update'> {
  constructor(private readonly hv: SystemsManagement) {}

  async run(p: VswitchUpdatePayload, ctx: OperationContext): Promise<''> {
    if (p.change === 'grant') {
      // granting again would drop the user's running NICs off the switch; 212/40 → 404
      const info = await this.hv.vswitchQuery(p.name);
      if (info.authorizedUsers.some((u) => u.grantUserid === p.userid)) {
        await ctx.skip(`grant ${p.userid}`, 'already authorised');
        return '';
      }
    }
    const params =
      p.change === 'revoke'
        ? { switchName: p.name, revokeUserid: p.userid, persist: true }
        : {
            switchName: p.name,
            grantUserid: p.userid,
            ...(p.change === 'vlan' ? { userVlanId: p.vlanId } : {}),
            persist: true,
          };
    await ctx.step(`${p.change} ${p.userid}`, async () => {
      try {
        await this.hv.vswitchSet(params);
      } catch (e) {
        if (isSmapi(e, [212, 40])) throw VswitchErrors.notExist(p.name);
        if (isSmapi(e, [396, 2846])) {
          throw VswitchErrors.setFailed(
            p.name,
            'Operation is not allowed for a VLAN UNAWARE vswitch',
          );
        }
        if (isSmapi(e, ...SET_REFUSED.map((rs): [number, number] => [396, rs]))) {
          throw VswitchErrors.setFailed(p.name, e.message);
        }
        throw e;
      }
    });
    return '';
  }
}

/** vswitch.delete: DETACH VSWITCH; a switch that does not exist (212/40) is already deleted. */
@Injectable()
export class DeleteVswitchHandler implements OperationHandler<'vswitch.delete'> {
  constructor(private readonly hv: SystemsManagement) {}

  async run(p: VswitchNamePayload, ctx: OperationContext): Promise<''> {
    await ctx.step('delete vswitch', () => tolerating(this.hv.vswitchDelete(p.name), [212, 40]));
    return '';
  }
}
