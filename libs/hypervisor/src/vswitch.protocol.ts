import type { Userid } from '#envelope';

/**
 * Parameters and outputs of the Virtual_Network_Vswitch_* functions (see protocol.ts for the
 * wire). Names follow the SMAPI keywords (switch_name, real_device_address, …) in camel case;
 * keyword values are upper case as CP spells them in full.
 */

export type VswitchConnection = 'CONNECT' | 'DISCONNECT' | 'NOUPLINK';
export type VswitchTransport = 'IP' | 'ETHERNET';
export type VswitchRouting = 'NONROUTER' | 'PRIROUTER';
export type VswitchPortType = 'ACCESS' | 'TRUNK';

/** Virtual_Network_Vswitch_Create_Extended. */
export interface VswitchCreateParams {
  switchName: string;
  /** Up to three real device numbers, blank separated. */
  realDeviceAddress?: string;
  /** Controller userid, or `*` for any available. */
  controllerName?: string;
  connectionValue?: VswitchConnection;
  /** QDIO buffer size, MB (1–8). */
  queueMemoryLimit?: number;
  transportType?: VswitchTransport;
  /** UNAWARE, AWARE, or the default VLAN id 1–4094. */
  vlanId?: 'UNAWARE' | 'AWARE' | number;
  /** Only for VLAN-aware switches. */
  portType?: VswitchPortType;
  gvrpValue?: 'GVRP' | 'NOGVRP';
  nativeVlanid?: number;
  /** Only for transport type IP. */
  routingValue?: VswitchRouting;
  /** Also in the system configuration file (survives an IPL). */
  persist?: boolean;
}

/** Virtual_Network_Vswitch_Set_Extended: one change per call, as the reference sends them. */
export interface VswitchSetParams {
  switchName: string;
  grantUserid?: Userid;
  revokeUserid?: Userid;
  /** With grantUserid: the VLAN id the user may use (VLAN-aware switches only, 396/2846). */
  userVlanId?: number;
  persist?: boolean;
}

export interface VswitchDeleteParams {
  switchName: string;
  persist?: boolean;
}

/** One real device (OSA port) of a vswitch, fields as the API returns them. */
export interface VswitchRealDeviceInfo {
  realDeviceAddress: string;
  virtualDeviceAddress: string;
  /** `(NONE)` when no controller serves it. */
  controllerName: string;
  portName: string;
  /** 0 not active, 1 active, 2 backup. */
  deviceStatus: string;
  /** 0 no error, otherwise the device error status code. */
  deviceErrorStatus: string;
}

export interface VswitchAuthorizedUserInfo {
  portNum: string;
  grantUserid: string;
  promiscuousMode: 'PROM' | 'NOPROM';
  osdSim: 'OSDSIM' | 'NOOSDSIM';
  /** Count of user_vlan_id entries; the API says 1 (VLAN 0000) even when VLAN-unaware. */
  vlanCount: string;
  userVlanIds: string[];
}

export interface VswitchAdapterInfo {
  adapterOwner: string;
  adapterVdev: string;
  adapterMacaddr: string;
  adapterType: string;
}

/** Virtual_Network_Vswitch_Query_Extended: one vswitch, every value a string as on the wire. */
export interface VswitchExtendedInfo {
  switchName: string;
  transportType: string;
  portType: string;
  queueMemoryLimit: string;
  routingValue: string;
  vlanAwareness: string;
  vlanId: string;
  nativeVlanId: string;
  macAddress: string;
  gvrpRequestAttribute: string;
  gvrpEnabledAttribute: string;
  switchStatus: string;
  linkAg: string;
  lagInterval: string;
  lagGroup: string;
  ipTimeout: string;
  switchType: string;
  isolationStatus: string;
  macProtect: string;
  userPortBased: string;
  vlanCounters: string;
  realDevices: VswitchRealDeviceInfo[];
  authorizedUsers: VswitchAuthorizedUserInfo[];
  adapters: VswitchAdapterInfo[];
}
