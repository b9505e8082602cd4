import type {
  AdapterInfo,
  AdapterQueryOutput,
  NicByteStats,
  VswitchByteStatsOutput,
} from '../nic.protocol.js';
import type {
  VswitchAdapterInfo,
  VswitchAuthorizedUserInfo,
  VswitchExtendedInfo,
  VswitchRealDeviceInfo,
} from '../vswitch.protocol.js';
import type { OutputRecord } from './layout.types.js';
import {
  keywordStrings,
  linesOf,
  recordsOf,
  stringsOf,
  wireText,
  type FunctionMapping,
} from './mapping.types.js';
import {
  fieldsOf,
  VSWITCH_ADAPTER,
  VSWITCH_ATTRIBUTES,
  VSWITCH_AUTHORIZED_USER,
  VSWITCH_REAL_DEVICE,
} from './positional.js';

const none = (): undefined => undefined;

const CREATE_KEYS = [
  'switchName',
  'realDeviceAddress',
  'controllerName',
  'connectionValue',
  'queueMemoryLimit',
  'transportType',
  'vlanId',
  'portType',
  'gvrpValue',
  'nativeVlanid',
  'routingValue',
  'persist',
];
const SET_KEYS = ['switchName', 'grantUserid', 'revokeUserid', 'userVlanId', 'persist'];

/** image_device_number= (and adapter_type=, mac_id=) of the adapter functions. */
const adapterKeys = (p: Readonly<Record<string, unknown>>): string[] =>
  keywordStrings({ imageDeviceNumber: p.vdev, adapterType: p.adapterType, macId: p.macId }, [
    'imageDeviceNumber',
    'adapterType',
    'macId',
  ]);
const vdev = (p: Readonly<Record<string, unknown>>) => ({ imageDeviceNumber: wireText(p.vdev) });
const vdevAndSwitch = (p: Readonly<Record<string, unknown>>) => ({
  imageDeviceNumber: wireText(p.vdev),
  switchName: wireText(p.vswitch),
});

const lineStrings = (r: OutputRecord, name: string): string[] =>
  recordsOf(r, name).map((l) => wireText(l.line));

/** C's atoi: the leading digits as a number, 0 when there are none. */
const atoi = (text: string): number => Number(/^\s*[+-]?\d+/.exec(text)?.[0] ?? 0);
/**
 * A VLAN id as the reference's client prints it (smcliVirtual.c): the server's digits as a
 * number (`0010` → `10`), and 32768 (none) as NONE for the switch's own ids.
 */
function printedVlanId(text: string, none = false): string {
  if (text === '') return text;
  return none && text === '32768' ? 'NONE' : String(atoi(text));
}

/** One Vswitch_Query_Extended entry: positional attributes, then its lists of strings. */
function vswitchInfo(r: OutputRecord): VswitchExtendedInfo {
  const { rest: _more, ...attrs } = fieldsOf(wireText(r.attributes), VSWITCH_ATTRIBUTES);
  return {
    ...attrs,
    vlanId: printedVlanId(attrs.vlanId, true),
    nativeVlanId: printedVlanId(attrs.nativeVlanId, true),
    realDevices: lineStrings(r, 'realDevices').map((l): VswitchRealDeviceInfo => {
      const { rest: _r, ...d } = fieldsOf(l, VSWITCH_REAL_DEVICE);
      return d;
    }),
    authorizedUsers: lineStrings(r, 'authorizedUsers').map((l): VswitchAuthorizedUserInfo => {
      const { rest, ...u } = fieldsOf(l, VSWITCH_AUTHORIZED_USER);
      return {
        ...u,
        promiscuousMode: u.promiscuousMode as VswitchAuthorizedUserInfo['promiscuousMode'],
        osdSim: u.osdSim as VswitchAuthorizedUserInfo['osdSim'],
        userVlanIds: rest.slice(0, Number(u.vlanCount) || 0).map((id) => printedVlanId(id)),
      };
    }),
    adapters: lineStrings(r, 'connectedAdapters').map((l): VswitchAdapterInfo => {
      const { rest: _r, ...a } = fieldsOf(l, VSWITCH_ADAPTER);
      return a;
    }),
  };
}

/** Adapter facts by keyword; each adapter's end is marked (smtclient get_adapters_info). */
const ADAPTER_KEYS: Record<string, keyof AdapterInfo> = {
  adapter_address: 'vdev',
  adapter_type: 'type',
  adapter_status: 'status',
  lan_owner: 'lanOwner',
  lan_name: 'lanName',
  mac_address: 'macAddress',
  mac_ip_version: 'ipVersion',
  mac_ip_address: 'ipAddress',
};

/**
 * One `keyword=value` string per fact: adapter_count=, then each adapter's facts closed by
 * adapter_info_end. Only the first MAC of an adapter is read, as the reference does.
 */
function adapters(o: OutputRecord): AdapterQueryOutput {
  const out: AdapterInfo[] = [];
  let cur: Partial<AdapterInfo> = {};
  for (const line of linesOf(o)) {
    if (line.trim() === 'adapter_info_end') {
      out.push({ lanOwner: '', lanName: '', macAddress: '', ...cur } as AdapterInfo);
      cur = {};
      continue;
    }
    const at = line.indexOf('=');
    const key = ADAPTER_KEYS[line.slice(0, at).trim()];
    if (at <= 0 || !key || cur[key] !== undefined) continue;
    (cur as Record<string, string>)[key] = line.slice(at + 1).trim();
  }
  return { adapters: out };
}

/** A NIC's counters in the order they come: frames in, discarded, in error; out …; bytes. */
const NIC_COUNTERS = [
  'framesRx',
  'framesRxDiscarded',
  'framesRxErrors',
  'framesTx',
  'framesTxDiscarded',
  'framesTxErrors',
  'bytesRx',
  'bytesTx',
] as const;

/** Values per uplink (its connection, then 8 counters) and bridge counters, skipped. */
const UPLINK_VALUES = 9;
const BRIDGE_VALUES = 8;
/** Values per VLAN, skipped. */
const VLAN_VALUES = 3;

/**
 * Positional strings (smcliVirtual.c): the switch count; per switch its name, the uplink count
 * and their values, the bridge counters, the NIC count and per NIC `USERID VDEV` and its 8
 * counters, the VLAN count and their values.
 */
function byteStats(o: OutputRecord): VswitchByteStatsOutput {
  const values = linesOf(o);
  let at = 0;
  const next = (): string => values[at++] ?? '';
  const count = (): number => Number(next()) || 0;
  const out: VswitchByteStatsOutput = { vswitches: [] };
  for (let s = count(); s > 0; s--) {
    const name = next();
    const uplinks = count();
    at += uplinks * UPLINK_VALUES + BRIDGE_VALUES;
    const nics: NicByteStats[] = [];
    for (let n = count(); n > 0; n--) {
      const [userid = '', vdev = ''] = next().trim().split(/\s+/);
      const nic = { userid, vdev } as NicByteStats;
      for (const c of NIC_COUNTERS) nic[c] = Number(next()) || 0;
      nics.push(nic);
    }
    const vlans = count();
    at += vlans * VLAN_VALUES;
    out.vswitches.push({ name, nics });
  }
  return out;
}

export const NETWORK_MAPPINGS = {
  Virtual_Network_Vswitch_Query: {
    toWire: (p) => ({ switchName: wireText(p.switchName) }),
    fromWire: (o) => stringsOf(o, 'vswitches', 'switchName'),
  },
  Virtual_Network_Vswitch_Create_Extended: {
    toWire: (p) => ({ keys: keywordStrings(p, CREATE_KEYS) }),
    fromWire: none,
  },
  Virtual_Network_Vswitch_Query_Extended: {
    toWire: (p) => ({ keys: keywordStrings(p, ['switchName']) }),
    fromWire: (o) => recordsOf(o, 'vswitches').map(vswitchInfo),
  },
  Virtual_Network_Vswitch_Delete_Extended: {
    toWire: (p) => ({ keys: keywordStrings(p, ['switchName', 'persist']) }),
    fromWire: none,
  },
  Virtual_Network_Vswitch_Set_Extended: {
    toWire: (p) => ({ keys: keywordStrings(p, SET_KEYS) }),
    fromWire: none,
  },
  Virtual_Network_Adapter_Create_Extended_DM: {
    toWire: (p) => ({ keys: adapterKeys(p) }),
    fromWire: none,
  },
  Virtual_Network_Adapter_Create_Extended: {
    toWire: (p) => ({ keys: adapterKeys(p) }),
    fromWire: none,
  },
  Virtual_Network_Adapter_Delete_DM: { toWire: vdev, fromWire: none },
  Virtual_Network_Adapter_Delete: { toWire: vdev, fromWire: none },
  Virtual_Network_Adapter_Connect_Vswitch_DM: { toWire: vdevAndSwitch, fromWire: none },
  Virtual_Network_Adapter_Connect_Vswitch: { toWire: vdevAndSwitch, fromWire: none },
  Virtual_Network_Adapter_Disconnect_DM: { toWire: vdev, fromWire: none },
  Virtual_Network_Adapter_Disconnect: { toWire: vdev, fromWire: none },
  Virtual_Network_Adapter_Query_Extended: {
    toWire: (p) => ({ keys: [`image_device_number=${wireText(p.vdev) || '*'}`] }),
    fromWire: adapters,
  },
  Virtual_Network_Vswitch_Query_Byte_Stats: {
    toWire: (p) => ({ keys: [`switch_name=${wireText(p.vswitch) || '*'}`] }),
    fromWire: byteStats,
  },
} as const satisfies Record<string, FunctionMapping>;
