import type { HypervisorState } from '../state/hypervisor.state.js';
import type { UserRecord } from '../state/state.types.js';
import type { ActiveNic, VswitchRecord } from '../state/network.types.js';
import { freeMacId, macAddress } from './nic.mac.js';
import { nicDefs, nicDevices } from './nicdef.js';
import { findVswitch } from './vswitch.lookup.js';

/**
 * The VLAN a coupled NIC runs in: the directory's `VLAN` operand, else the user's grant on a
 * VLAN-aware vswitch (its first VLAN id); none on a VLAN-unaware one.
 */
export function nicVlan(
  vsw: VswitchRecord,
  userid: string,
  directoryVlan?: number,
): number | undefined {
  if (!vsw.vlanAware) return undefined;
  return directoryVlan ?? vsw.authorized[userid]?.vlanIds[0];
}

/** Adds a NIC to the running configuration, with its three devices. */
export function addActiveNic(state: HypervisorState, u: UserRecord, nic: ActiveNic): void {
  u.activeNics = { ...(u.activeNics ?? {}), [nic.vdev]: nic };
  const devices = nicDevices(nic.vdev) ?? [nic.vdev];
  u.activeDevices = [...new Set([...u.activeDevices, ...devices])].sort();
  state.changed();
}

/** Removes a NIC and its devices from the running configuration. */
export function removeActiveNic(state: HypervisorState, u: UserRecord, vdev: string): void {
  const { [vdev]: _gone, ...rest } = u.activeNics ?? {};
  u.activeNics = rest;
  const devices = new Set(nicDevices(vdev) ?? [vdev]);
  u.activeDevices = u.activeDevices.filter((d) => !devices.has(d));
  state.changed();
}

/**
 * What CP builds at logon from the NICDEF statements: each NIC with its MAC (MACPREFIX + the
 * directory's MACID, or one CP assigns), coupled to its vswitch when that exists.
 */
export function activateNics(state: HypervisorState, u: UserRecord): void {
  u.activeNics = {};
  for (const def of nicDefs(u.directory).values()) {
    const vsw = def.vswitch ? findVswitch(state, def.vswitch) : undefined;
    const vlan = vsw ? nicVlan(vsw, u.userid, def.vlan) : undefined;
    addActiveNic(state, u, {
      vdev: def.vdev,
      type: 'QDIO',
      mac: macAddress(def.macId ?? freeMacId(state)),
      ...(vsw ? { vswitch: vsw.name } : {}),
      ...(vlan !== undefined ? { vlan } : {}),
    });
  }
}
