/**
 * Answers whose strings hold blank-separated values by position, in the order the reference
 * reads them (smcliVirtual.c, smcliSystem.c): the field names here are the service's, the
 * order is the wire's. Values beyond the named ones (a newer server's, or the VLAN ids after
 * an authorized user) are kept in order as `rest`.
 */

/** Virtual_Network_Vswitch_Query_Extended: a switch's attributes. */
export const VSWITCH_ATTRIBUTES = [
  'switchName',
  'transportType',
  'portType',
  'queueMemoryLimit',
  'routingValue',
  'vlanAwareness',
  'vlanId',
  'nativeVlanId',
  'macAddress',
  'gvrpRequestAttribute',
  'gvrpEnabledAttribute',
  'switchStatus',
  'linkAg',
  'lagInterval',
  'lagGroup',
  'ipTimeout',
  'switchType',
  'isolationStatus',
  'macProtect',
  'userPortBased',
  'vlanCounters',
] as const;

/** One real device (uplink) of a switch. */
export const VSWITCH_REAL_DEVICE = [
  'realDeviceAddress',
  'virtualDeviceAddress',
  'controllerName',
  'portName',
  'deviceStatus',
  'deviceErrorStatus',
] as const;

/** One authorized user; its VLAN ids (`vlanCount` of them) follow. */
export const VSWITCH_AUTHORIZED_USER = [
  'portNum',
  'grantUserid',
  'promiscuousMode',
  'osdSim',
  'vlanCount',
] as const;

/** One NIC coupled to the switch. */
export const VSWITCH_ADAPTER = [
  'adapterOwner',
  'adapterVdev',
  'adapterMacaddr',
  'adapterType',
] as const;

/** System_WWPN_Query: one FCP device (owner only when asked with OWNER=YES). */
export const WWPN_DEVICE = ['fcpId', 'wwpnNpiv', 'chpid', 'wwpnPhy', 'status', 'owner'] as const;

/** System_WWPN_Query's device status numbers (smcliSystem.c). */
export const FCP_STATUS = { active: 1, free: 2, offline: 3 } as const;

/** The values of one string by `names` (a missing value is ''), and any after them. */
export function fieldsOf<N extends string>(
  text: string,
  names: readonly N[],
): Record<N, string> & { rest: string[] } {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const out = {} as Record<N, string>;
  names.forEach((n, i) => {
    out[n] = words[i] ?? '';
  });
  return { ...out, rest: words.slice(names.length) };
}

/** The string of `values` by `names`, blank separated. */
export const stringOf = <N extends string>(
  values: Readonly<Record<N, unknown>>,
  names: readonly N[],
): string => names.map((n) => String(values[n] ?? '')).join(' ');
