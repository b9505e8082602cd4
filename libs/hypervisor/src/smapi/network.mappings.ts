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
  lineRecord,
  linesOf,
  recordsOf,
  stringsOf,
  wireText,
  type FunctionMapping,
} from './mapping.types.js';

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

const lineList = (r: OutputRecord, name: string): Record<string, string>[] =>
  recordsOf(r, name).map((l) => lineRecord(wireText(l.line)));

/** One Vswitch_Query_Extended entry: the attribute line, then its lists of lines. */
function vswitchInfo(r: OutputRecord): VswitchExtendedInfo {
  const attrs = lineRecord(wireText(r.attributes));
  return {
    ...(attrs as unknown as VswitchExtendedInfo),
    realDevices: lineList(r, 'realDevices') as unknown as VswitchRealDeviceInfo[],
    authorizedUsers: lineList(r, 'authorizedUsers').map(
      (u) =>
        ({
          ...u,
          userVlanIds: u.userVlanIds ? u.userVlanIds.split(',') : [],
        }) as unknown as VswitchAuthorizedUserInfo,
    ),
    adapters: lineList(r, 'connectedAdapters') as unknown as VswitchAdapterInfo[],
  };
}

function adapters(o: OutputRecord): AdapterQueryOutput {
  return {
    adapters: linesOf(o).map((l) => lineRecord(l) as unknown as AdapterInfo),
  };
}

const COUNTERS = [
  'framesRx',
  'framesTx',
  'framesRxDiscarded',
  'framesTxDiscarded',
  'framesRxErrors',
  'framesTxErrors',
  'bytesRx',
  'bytesTx',
] as const;

/** One line per coupled NIC, `switch_name=` first; grouped back by switch in line order. */
function byteStats(o: OutputRecord): VswitchByteStatsOutput {
  const out: VswitchByteStatsOutput = { vswitches: [] };
  for (const line of linesOf(o)) {
    const { switchName, userid, vdev: dev, ...counts } = lineRecord(line);
    const nic = { userid, vdev: dev } as NicByteStats;
    for (const c of COUNTERS) nic[c] = Number(counts[c] ?? 0);
    let sw = out.vswitches.at(-1);
    if (sw?.name !== switchName) out.vswitches.push((sw = { name: switchName, nics: [] }));
    sw.nics.push(nic);
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
