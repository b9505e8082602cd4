import type { FcpDeviceInfo, WwpnQueryOutput } from '#hypervisor';
import { OK, type SmapiHandler } from '../smapi/smapi.context.js';

/**
 * System_WWPN_Query: every FCP device of the machine with its channel path, WWPNs, state and
 * owner (what the reference learns from `vmcp q fcp` plus the WWPN query), and the CPC/LPAR.
 */
export const systemWwpnQuery: SmapiHandler = (ctx) => {
  const devices: FcpDeviceInfo[] = ctx.state.fcpDevices().map((d) => ({
    fcpId: d.fcpId,
    chpid: d.chpid,
    pchid: d.pchid,
    state: d.state,
    owner: d.owner ?? 'NONE',
    wwpnNpiv: d.wwpnNpiv,
    wwpnPhy: d.wwpnPhy,
  }));
  const { cpc } = ctx.state.fcpInventory;
  const output: WwpnQueryOutput = { cpcSn: cpc.sn, cpcName: cpc.name, lpar: cpc.lpar, devices };
  return { ...OK, output };
};
