import type {
  AdapterQueryOutput,
  ImageDiskQueryOutput,
  ImagePerformanceOutput,
  ImageStatusOutput,
  InputValue,
  OutputRecord,
  SmapiFunction,
  SmapiReply,
  SystemInfoOutput,
  VolumeSpaceOutput,
  VswitchByteStatsOutput,
  VswitchExtendedInfo,
  WwpnQueryOutput,
} from '#hypervisor';

import { volumeSpaceRecords } from './wire.volume-space.js';

/**
 * The simulator's writing of each handler's JSON output into its function's output layout.
 * Answers the real function gives as text lines are written one record per line, as
 * blank-separated `keyword=value` pairs with the API's keyword spelling.
 */
type ToRecord = (output: unknown) => OutputRecord;

const snake = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const shown = (v: unknown): string =>
  Array.isArray(v) ? v.join(',') : typeof v === 'string' || typeof v === 'number' ? String(v) : '';

/** One line of `keyword=value` pairs of an object's text and number fields (lists comma-joined). */
function line(obj: object): string {
  return Object.entries(obj)
    .filter(([, v]) => v !== undefined && (typeof v !== 'object' || Array.isArray(v)))
    .filter(([, v]) => !Array.isArray(v) || v.every((x) => typeof x !== 'object'))
    .map(([k, v]) => `${snake(k)}=${shown(v)}`)
    .join(' ');
}

const names = (field: string, list: unknown): OutputRecord[] =>
  (Array.isArray(list) ? (list as string[]) : []).map((n) => ({ [field]: n }));

const nothing: ToRecord = () => ({});

const activation: ToRecord = () => ({ activated: 1, notActivated: 0, failing: [] });

function diskQuery(out: unknown): OutputRecord {
  const { dasd } = out as ImageDiskQueryOutput;
  return {
    dasd: dasd.map((d) => ({
      vdev: d.vdev,
      rdev: d.rdev,
      accessType: d.accessType === 'R/O' ? 1 : 2,
      deviceType: d.deviceType,
      size: BigInt(d.size),
      unit: d.units === 'Cylinders' ? 1 : 2,
      volid: d.volid,
    })),
  };
}

function systemInfo(out: unknown): OutputRecord {
  const s = out as SystemInfoOutput;
  return {
    timezone: 'UTC',
    time: new Date().toISOString(),
    vmVersion: s.hypervisorVersion,
    cpGenTime: '',
    cpIplTime: new Date(s.iplTime).toISOString(),
    realStorageSize: `${s.memoryMb}M`,
  };
}

function wwpn(out: unknown): OutputRecord {
  const w = out as WwpnQueryOutput;
  const head = line({ cpcSn: w.cpcSn, cpcName: w.cpcName, lpar: w.lpar });
  return { lines: [head, ...w.devices.map(line)] };
}

function performance(out: unknown): OutputRecord {
  const p = out as ImagePerformanceOutput | undefined;
  if (!p) return { records: [] };
  return {
    records: [
      {
        recordVersion: 1,
        guestFlags: 0,
        usedCpuTime: BigInt(p.usedCpuTimeUs),
        elapsedTime: BigInt(p.elapsedCpuTimeUs),
        minMemory: BigInt(p.minMemKb),
        maxMemory: BigInt(p.maxMemKb),
        sharedMemory: BigInt(p.sharedMemKb),
        usedMemory: BigInt(p.usedMemKb),
        guestCpus: p.guestCpus,
        minCpuCount: p.minCpuCount,
        maxCpuLimit: p.maxCpuLimit,
        samplesCpuInUse: p.samplesCpuInUse,
        samplesCpuDelay: p.samplesCpuDelay,
      },
    ],
  };
}

function vswitchExtended(out: unknown): OutputRecord {
  return {
    vswitches: (out as VswitchExtendedInfo[]).map((v) => {
      const { realDevices, authorizedUsers, adapters, ...scalars } = v;
      const attributes = line(scalars);
      const lines = (list: object[]): OutputRecord[] => list.map((x) => ({ line: line(x) }));
      return {
        attributesLength: Buffer.byteLength(attributes, 'latin1') + 1,
        attributes,
        realDevices: lines(realDevices),
        authorizedUsers: lines(authorizedUsers),
        connectedAdapters: lines(adapters),
        uplinkNics: [],
        globalMembers: [],
      };
    }),
  };
}

const adapters: ToRecord = (out) => ({
  lines: (out as AdapterQueryOutput).adapters.map(line),
});

const byteStats: ToRecord = (out) => ({
  lines: (out as VswitchByteStatsOutput).vswitches.flatMap((v) =>
    v.nics.map((n) => line({ switchName: v.name, ...n })),
  ),
});

const RECORDS: Record<SmapiFunction, ToRecord> = {
  Image_Create_DM: nothing,
  Image_Delete_DM: nothing,
  Image_Query_DM: (o) => ({ directory: names('record', o) }),
  Image_Name_Query_DM: (o) => ({ names: names('name', o) }),
  Image_Activate: activation,
  Image_Deactivate: activation,
  // The real function answers an operation id only; the extent stays in the simulator.
  Image_Disk_Create_DM: nothing,
  Image_Disk_Delete_DM: nothing,
  Image_Disk_Query: diskQuery,
  Image_Status_Query: (o) => ({ active: names('name', (o as ImageStatusOutput).active) }),
  Image_Volume_Space_Query_DM: nothing, // by its query type: volumeSpaceRecords
  System_Info_Query: systemInfo,
  System_Information_Query: (o) => ({ lines: o as string[] }),
  System_Performance_Information_Query: (o) => ({ lines: o as string[] }),
  System_WWPN_Query: wwpn,
  Query_API_Functional_Level: nothing,
  Image_Device_Dedicate_DM: nothing,
  Image_Device_Undedicate_DM: nothing,
  VMRELOCATE: nothing,
  Image_Pause: nothing,
  Image_Lock_DM: nothing,
  Image_Console_Get: nothing,
  Image_Unlock_DM: nothing,
  Image_Replace_DM: nothing,
  Image_Performance_Query: performance,
  Virtual_Network_Vswitch_Query: (o) => ({ vswitches: names('switchName', o) }),
  Virtual_Network_Vswitch_Create_Extended: nothing,
  Virtual_Network_Vswitch_Query_Extended: vswitchExtended,
  Virtual_Network_Vswitch_Delete_Extended: nothing,
  Virtual_Network_Vswitch_Set_Extended: nothing,
  Virtual_Network_Adapter_Create_Extended_DM: nothing,
  Virtual_Network_Adapter_Create_Extended: nothing,
  Virtual_Network_Adapter_Delete_DM: nothing,
  Virtual_Network_Adapter_Delete: nothing,
  Virtual_Network_Adapter_Connect_Vswitch_DM: nothing,
  Virtual_Network_Adapter_Connect_Vswitch: nothing,
  Virtual_Network_Adapter_Disconnect_DM: nothing,
  Virtual_Network_Adapter_Disconnect: nothing,
  Virtual_Network_Adapter_Query_Extended: adapters,
  Virtual_Network_Vswitch_Query_Byte_Stats: byteStats,
};

/**
 * A handler's reply as the wire answer's output: a success by its layout; a failure carries
 * its codes only, and VMRELOCATE its reasons as error data.
 */
export function wireOutput(
  fn: SmapiFunction,
  reply: SmapiReply,
  values: Readonly<Record<string, InputValue>> = {},
  _at: { now: number } = { now: Date.now() },
): OutputRecord {
  if (reply.rc !== 0) {
    return fn === 'VMRELOCATE' && reply.errmsg ? { errorData: reply.errmsg } : {};
  }
  if (fn === 'Image_Volume_Space_Query_DM') {
    return volumeSpaceRecords(reply.output as VolumeSpaceOutput, values);
  }
  return RECORDS[fn](reply.output);
}
