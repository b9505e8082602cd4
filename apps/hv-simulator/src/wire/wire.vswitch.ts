import {
  stringOf,
  VSWITCH_ADAPTER,
  VSWITCH_ATTRIBUTES,
  VSWITCH_AUTHORIZED_USER,
  VSWITCH_REAL_DEVICE,
  type OutputRecord,
  type VswitchExtendedInfo,
} from '#hypervisor';

/**
 * The two vswitch queries as the wire carries them, from the extended records the simulator
 * keeps: Vswitch_Query_Extended as positional strings (smcliVirtual.c reads them in order),
 * Vswitch_Query as numbers (vmapiVirtual.h; the codes as smcliVirtual.c prints them).
 */
/** The server writes VLAN ids as four digits (0010; 0000 on a VLAN-unaware switch). */
const fourDigits = (id: string): string => (/^\d+$/.test(id) ? id.padStart(4, '0') : id);

/** Extended query: positional attributes, then each list's positional strings. */
export function vswitchExtended(out: unknown): OutputRecord {
  return {
    vswitches: (out as VswitchExtendedInfo[]).map((v) => {
      const attributes = stringOf(
        { ...v, vlanId: fourDigits(v.vlanId), nativeVlanId: fourDigits(v.nativeVlanId) },
        VSWITCH_ATTRIBUTES,
      );
      const lines = (list: string[]): OutputRecord[] => list.map((line) => ({ line }));
      return {
        attributesLength: Buffer.byteLength(attributes, 'latin1') + 1,
        attributes,
        realDevices: lines(v.realDevices.map((d) => stringOf(d, VSWITCH_REAL_DEVICE))),
        authorizedUsers: lines(
          v.authorizedUsers.map((u) =>
            [stringOf(u, VSWITCH_AUTHORIZED_USER), ...u.userVlanIds.map(fourDigits)].join(' '),
          ),
        ),
        connectedAdapters: lines(v.adapters.map((a) => stringOf(a, VSWITCH_ADAPTER))),
        uplinkNics: [],
        globalMembers: [],
      };
    }),
  };
}

const CODE = {
  transport: { IP: 1, ETHERNET: 2 },
  port: { ACCESS: 1, TRUNK: 2 },
  routing: { NONROUTER: 1, PRIROUTER: 2 },
  gvrp: { GVRP: 1, NOGVRP: 2 },
} as const;
const code = (table: Readonly<Record<string, number>>, v: string): number => table[v] ?? 0;
/** VLAN ids as numbers; 32768 is none (a VLAN-unaware switch). */
const vlan = (aware: boolean, id: string): number => (aware ? Number(id) : 32768);

/** Vswitch_Query: each switch's attributes as numbers, its devices, users and adapters. */
export function vswitchQuery(out: unknown): OutputRecord {
  return {
    vswitches: (out as VswitchExtendedInfo[]).map((v) => {
      const aware = v.vlanAwareness === 'AWARE';
      return {
        switchName: v.switchName,
        transportType: code(CODE.transport, v.transportType),
        portType: code(CODE.port, v.portType),
        queueMemoryLimit: Number(v.queueMemoryLimit),
        routingValue: code(CODE.routing, v.routingValue),
        vlanId: vlan(aware, v.vlanId),
        nativeVlanId: vlan(aware, v.nativeVlanId),
        macId: BigInt(`0x${v.macAddress.replace(/[^0-9A-F]/gi, '') || '0'}`),
        grvpRequestAttribute: code(CODE.gvrp, v.gvrpRequestAttribute),
        grvpEnabledAttribute: code(CODE.gvrp, v.gvrpEnabledAttribute),
        switchStatus: Number(v.switchStatus),
        realDevices: v.realDevices.map((d) => ({
          realDeviceAddress: parseInt(d.realDeviceAddress, 16),
          controllerName: d.controllerName === '(NONE)' ? '' : d.controllerName,
          portName: d.portName === '(NONE)' ? '' : d.portName,
          deviceStatus: Number(d.deviceStatus),
          deviceErrorStatus: Number(d.deviceErrorStatus),
        })),
        authorizedUsers: v.authorizedUsers.map((u) => ({
          grantUserid: u.grantUserid,
          vlans: u.userVlanIds.map((id) => ({ userVlanId: Number(id) })),
        })),
        connectedAdapters: v.adapters.map((a) => ({
          adapterOwner: a.adapterOwner,
          imageDeviceNumber: a.adapterVdev,
        })),
      };
    }),
  };
}
