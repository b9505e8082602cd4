import type { FcpDeviceInfo, WwpnQueryOutput } from '#hypervisor';
import type { HypervisorState } from '../state/hypervisor.state.js';
import { OK, type SmapiHandler } from '../smapi-kit/smapi.context.js';
import { fcpStatus } from './fcp-status.js';
import type { FcpRecord } from '../state/fcp.inventory.js';

/** State and owner as the query prints them (`NONE` when no user has it attached). */
function statusOf(state: HypervisorState, d: FcpRecord) {
  const s = fcpStatus(state, d);
  return { state: s.state, owner: s.owner ?? 'NONE' };
}

/**
 * System_WWPN_Query: every FCP device of the machine with its channel path, WWPNs, state and
 * owner (what the reference learns from `vmcp q fcp` plus the WWPN query), and the CPC/LPAR.
 * A device dedicated to a logged-off user is `free` with owner NONE (see fcpStatus).
 */
export const systemWwpnQuery: SmapiHandler = (ctx) => {
  const devices: FcpDeviceInfo[] = ctx.state.fcpDevices().map((d) => ({
    fcpId: d.fcpId,
    chpid: d.chpid,
    pchid: d.pchid,
    ...statusOf(ctx.state, d),
    wwpnNpiv: d.wwpnNpiv,
    wwpnPhy: d.wwpnPhy,
  }));
  const { cpc } = ctx.state.fcpInventory;
  const output: WwpnQueryOutput = { cpcSn: cpc.sn, cpcName: cpc.name, lpar: cpc.lpar, devices };
  return { ...OK, output };
};
