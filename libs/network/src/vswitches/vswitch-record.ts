import type { VswitchExtendedInfo } from '#hypervisor';

/** One real device of GET /vswitches/{name} (spec §2.5). */
export interface RealDeviceView {
  vdev: string;
  controller: string;
  port_name: string;
  dev_status: string;
  dev_err: string;
}

export interface AuthorizedUserView {
  port_num: string;
  prom_mode: string;
  osd_sim: string;
  /** A string for VLAN-aware switches, the integer 0 for VLAN-unaware ones (reference §6). */
  vlan_count: string | number;
  vlan_ids: string[];
}

/** GET /vswitches/{name} output: the 21 attribute strings, real devices, users, adapters. */
export interface VswitchView {
  switch_name: string;
  transport_type: string;
  port_type: string;
  queue_memory_limit: string;
  routing_value: string;
  vlan_awareness: string;
  vlan_id: string;
  native_vlan_id: string;
  mac_address: string;
  gvrp_request_attribute: string;
  gvrp_enabled_attribute: string;
  switch_status: string;
  link_ag: string;
  lag_interval: string;
  lag_group: string;
  IP_timeout: string;
  switch_type: string;
  isolation_status: string;
  MAC_protect: string;
  user_port_based: string;
  VLAN_counters: string;
  real_devices: Record<string, RealDeviceView>;
  authorized_users: Record<string, AuthorizedUserView>;
  adapters: Record<string, { mac: string; type: string }>;
}

/** `(NONE)` reads as `NONE`, as the reference's parser has it. */
const none = (v: string): string => (v === '(NONE)' ? 'NONE' : v);

/**
 * The reference's record of a Virtual_Network_Vswitch_Query_Extended answer (smtclient
 * query_vswitch): VLAN-unaware switches report each user with vlan_count 0 and no VLAN ids,
 * although the API lists one (VLAN 0000).
 */
export function vswitchView(i: VswitchExtendedInfo): VswitchView {
  const unaware = i.vlanAwareness === 'UNAWARE';
  return {
    switch_name: i.switchName,
    transport_type: i.transportType,
    port_type: i.portType,
    queue_memory_limit: i.queueMemoryLimit,
    routing_value: i.routingValue,
    vlan_awareness: i.vlanAwareness,
    vlan_id: i.vlanId,
    native_vlan_id: i.nativeVlanId,
    mac_address: i.macAddress,
    gvrp_request_attribute: i.gvrpRequestAttribute,
    gvrp_enabled_attribute: i.gvrpEnabledAttribute,
    switch_status: i.switchStatus,
    link_ag: i.linkAg,
    lag_interval: i.lagInterval,
    lag_group: i.lagGroup,
    IP_timeout: i.ipTimeout,
    switch_type: i.switchType,
    isolation_status: i.isolationStatus,
    MAC_protect: i.macProtect,
    user_port_based: i.userPortBased,
    VLAN_counters: i.vlanCounters,
    real_devices: Object.fromEntries(
      i.realDevices.map((d) => [
        none(d.realDeviceAddress),
        {
          vdev: none(d.virtualDeviceAddress),
          controller: none(d.controllerName),
          port_name: none(d.portName),
          dev_status: none(d.deviceStatus),
          dev_err: none(d.deviceErrorStatus),
        },
      ]),
    ),
    authorized_users: Object.fromEntries(
      i.authorizedUsers.map((u) => [
        none(u.grantUserid),
        {
          port_num: u.portNum,
          prom_mode: u.promiscuousMode,
          osd_sim: u.osdSim,
          vlan_count: unaware ? 0 : u.vlanCount,
          vlan_ids: unaware ? [] : u.userVlanIds.map(none),
        },
      ]),
    ),
    adapters: Object.fromEntries(
      i.adapters.map((a) => [
        `${a.adapterOwner}_${a.adapterVdev}`,
        { mac: a.adapterMacaddr, type: a.adapterType },
      ]),
    ),
  };
}
