/**
 * The simulated network: vswitches (system-wide, SimState.vswitches) and the NICs of a running
 * guest (UserRecord.activeNics). The directory part of a NIC is its `NICDEF` statement in the
 * user's directory; this is the running configuration CP builds from it at logon and changes
 * with the non-DM Virtual_Network_Adapter_* functions. A vswitch's adapters are the active
 * NICs coupled to it.
 */

/** A guest's authorisation on a vswitch (SET VSWITCH … GRANT). */
export interface VswitchGrant {
  /** VLAN ids the user may use; empty = the vswitch's default (or none when VLAN-unaware). */
  vlanIds: number[];
  portType: 'ACCESS' | 'TRUNK';
  promiscuous: boolean;
}

export interface VswitchRecord {
  name: string;
  /** VLAN-aware vswitches tag traffic; VLAN-unaware ones refuse per-user VLAN ids. */
  vlanAware: boolean;
  /** Users granted access, by userid (upper case). */
  authorized: Record<string, VswitchGrant>;
  // The vswitch feature adds its other attributes (real devices, controller, type, …) here.
}

/** A NIC of the running configuration; coupled to a vswitch when `vswitch` is set. */
export interface ActiveNic {
  vdev: string;
  type: 'QDIO';
  /** MAC address, `02:00:00:XX:XX:XX` style, upper case. */
  mac: string;
  vswitch?: string;
  vlan?: number;
}
