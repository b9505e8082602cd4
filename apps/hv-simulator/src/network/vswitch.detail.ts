import type { VswitchAdapterInfo, VswitchExtendedInfo } from '#hypervisor';
import type { HypervisorState } from '../state/hypervisor.state.js';
import type { VswitchRecord } from '../state/network.types.js';

/**
 * VLAN ids as the API prints them: the server's four digits read as a number (smcliVirtual.c
 * `atoi` and `%d`), so 10 and not 0010; a VLAN-unaware switch's 0000 reads as 0. The wire's
 * writer pads them again (wire.vswitch.ts).
 */
const vid = (n: number): string => String(n);
/** A VLAN-unaware switch has no port type (the reference's functional tests expect NONE). */
const NO_PORT_TYPE = 'NONE';

/**
 * Status CP reports for the switch: 8 (OSA device ready) when connected through real devices,
 * 4 disconnected, 1 defined (no uplink).
 */
function switchStatus(v: VswitchRecord): string {
  if (v.connection === 'DISCONNECT') return '4';
  return v.connection !== 'NOUPLINK' && v.realDevices?.length ? '8' : '1';
}

/** The active NICs coupled to the switch: each logged-on user's running NICs naming it. */
function adapters(state: HypervisorState, name: string): VswitchAdapterInfo[] {
  const out: VswitchAdapterInfo[] = [];
  for (const id of state.userIds()) {
    const u = state.user(id);
    if (!u?.loggedOn) continue;
    for (const nic of Object.values(u.activeNics ?? {})) {
      if (nic.vswitch?.toUpperCase() !== name) continue;
      out.push({
        adapterOwner: u.userid,
        adapterVdev: nic.vdev,
        adapterMacaddr: nic.mac.replace(/:/g, '-'),
        adapterType: nic.type,
      });
    }
  }
  return out;
}

/** Virtual_Network_Vswitch_Query_Extended's record of one switch. */
export function extendedInfo(state: HypervisorState, v: VswitchRecord): VswitchExtendedInfo {
  const connected = v.connection === 'CONNECT';
  return {
    switchName: v.name,
    transportType: v.transport ?? 'ETHERNET',
    portType: v.vlanAware ? (v.portType ?? 'ACCESS') : NO_PORT_TYPE,
    queueMemoryLimit: String(v.queueMemoryMb ?? 8),
    // CP shows NA for the routing of a layer-2 (ETHERNET) switch.
    routingValue: v.transport === 'IP' ? (v.routing ?? 'NONROUTER') : 'NA',
    vlanAwareness: v.vlanAware ? 'AWARE' : 'UNAWARE',
    vlanId: vid(v.vlanAware ? (v.vlanId ?? 1) : 0),
    nativeVlanId: vid(v.vlanAware ? (v.nativeVlanId ?? 1) : 0),
    macAddress: v.macAddress ?? '02-00-00-00-00-01',
    gvrpRequestAttribute: v.gvrp ? 'GVRP' : 'NOGVRP',
    gvrpEnabledAttribute: v.gvrp && v.vlanAware ? 'GVRP' : 'NOGVRP',
    switchStatus: switchStatus(v),
    linkAg: 'LAG:',
    lagInterval: '0',
    lagGroup: '(NOGRP)',
    ipTimeout: '5',
    switchType: 'QDIO',
    isolationStatus: 'NOISOLATION',
    macProtect: 'NOMACPROTECT',
    userPortBased: 'USERBASED',
    vlanCounters: 'EXTENDED',
    realDevices: (v.realDevices ?? []).map((d, i) => ({
      realDeviceAddress: d.rdev,
      // the controller's virtual devices for the OSA triplet; none while not connected
      virtualDeviceAddress: connected
        ? (0x0600 + 3 * i).toString(16).toUpperCase().padStart(4, '0')
        : '0000',
      controllerName: connected
        ? v.controller === '*' || !v.controller
          ? 'DTCVSW1'
          : v.controller
        : '(NONE)',
      portName: d.portName ?? '(NONE)',
      deviceStatus: connected ? '1' : '0',
      deviceErrorStatus: '0',
    })),
    authorizedUsers: Object.entries(v.authorized).map(([userid, g]) => {
      // VLAN-unaware switches list one entry of VLAN 0 (the reference zeroes the count).
      const ids = !v.vlanAware
        ? [vid(0)]
        : g.vlanIds.length
          ? g.vlanIds.map(vid)
          : [vid(v.vlanId ?? 1)];
      return {
        portNum: String(g.portNum ?? 0),
        grantUserid: userid,
        promiscuousMode: g.promiscuous ? 'PROM' : 'NOPROM',
        osdSim: 'NOOSDSIM',
        vlanCount: String(ids.length),
        userVlanIds: ids,
      };
    }),
    adapters: adapters(state, v.name),
  };
}
