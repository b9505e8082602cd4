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
  /** Port number CP assigned at the grant (vswitch feature; absent on older records). */
  portNum?: number;
}

/** A real device (OSA port) of a vswitch's uplink. */
export interface VswitchRealDevice {
  /** Real device number, 4 upper-case hex digits. */
  rdev: string;
  /** OSA port name; absent = none. */
  portName?: string;
}

export interface VswitchRecord {
  name: string;
  /** VLAN-aware vswitches tag traffic; VLAN-unaware ones refuse per-user VLAN ids. */
  vlanAware: boolean;
  /** Users granted access, by userid (upper case). */
  authorized: Record<string, VswitchGrant>;
  // The remaining attributes, as Virtual_Network_Vswitch_Create_Extended set them. Optional so
  // records made before the vswitch feature (tests, saved states) still read; see vswitch.record.ts.
  /** Uplink real devices (at most three); none = no uplink. */
  realDevices?: VswitchRealDevice[];
  /** Controller userid, or `*` for any available. */
  controller?: string;
  connection?: 'CONNECT' | 'DISCONNECT' | 'NOUPLINK';
  transport?: 'IP' | 'ETHERNET';
  /** Routing of an IP vswitch (ETHERNET has none). */
  routing?: 'NONROUTER' | 'PRIROUTER';
  /** Default VLAN id of a VLAN-aware vswitch. */
  vlanId?: number;
  nativeVlanId?: number;
  portType?: 'ACCESS' | 'TRUNK';
  gvrp?: boolean;
  /** QDIO buffer limit, MB. */
  queueMemoryMb?: number;
  /** MAC address CP gave the switch, `02-00-…` style. */
  macAddress?: string;
  /** Defined in the system configuration too (persist=YES). */
  persistent?: boolean;
  /** Last port number given out by a grant. */
  portSeq?: number;
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
