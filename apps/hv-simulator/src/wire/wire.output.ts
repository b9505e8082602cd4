import {
  cpTimestamp,
  FCP_STATUS,
  stringOf,
  WWPN_DEVICE,
  type ImageDiskQueryOutput,
  type ImagePerformanceOutput,
  type ImageStatusOutput,
  type InputValue,
  type OutputRecord,
  type SmapiFunction,
  type SmapiReply,
  type SystemInfoOutput,
  type VolumeSpaceOutput,
  type WwpnQueryOutput,
} from '#hypervisor';
import { SYSTEM } from '../ssi/system.info.js';
import { adapters, byteStats } from './wire.nic.js';
import { vswitchExtended, vswitchQuery } from './wire.vswitch.js';
import { volumeSpaceRecords } from './wire.volume-space.js';

/**
 * The simulator's writing of each handler's JSON output into its function's output layout,
 * as the reference's layout for the function has it (libs/hypervisor/src/smapi/LAYOUTS.md).
 */
type ToRecord = (output: unknown) => OutputRecord;

const names = (field: string, list: unknown): OutputRecord[] =>
  (Array.isArray(list) ? (list as string[]) : []).map((n) => ({ [field]: n }));

const nothing: ToRecord = () => ({});

const activation: ToRecord = () => ({ activated: 1, notActivated: 0, failing: [] });
const deactivation: ToRecord = () => ({ deactivated: 1, notDeactivated: 0, failing: [] });

/**
 * Directory records as 80-column cards: the statement in columns 1–72, a sequence number in
 * 73–80 (the reference's smcli sizes every line by the first record's length less 8).
 */
const cards = (statements: unknown): OutputRecord[] =>
  (Array.isArray(statements) ? (statements as string[]) : []).map((text, i) => ({
    record: text.slice(0, 72).padEnd(72) + String(i + 1).padStart(8, '0'),
  }));

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

/** Six texts of 4–43 characters (version and storage up to 80), CP's time formats in UTC. */
function systemInfo(out: unknown, at: WriteTime): OutputRecord {
  const s = out as SystemInfoOutput;
  return {
    timezone: 'UTC +00:00',
    time: `${cpTimestamp(at.now)} UTC`,
    vmVersion: s.hypervisorVersion,
    cpGenTime: SYSTEM.cpGenerated,
    cpIplTime: `${cpTimestamp(s.iplTime)} UTC`,
    realStorageSize: `${s.memoryMb}M`,
  };
}

/** One string per device: FCP, NPIV WWPN, CHPID, physical WWPN, status number, owner. */
function wwpn(out: unknown): OutputRecord {
  const w = out as WwpnQueryOutput;
  return {
    lines: w.devices.map((d) =>
      stringOf(
        {
          fcpId: d.fcpId,
          wwpnNpiv: d.wwpnNpiv.toUpperCase(),
          chpid: d.chpid,
          wwpnPhy: d.wwpnPhy.toUpperCase(),
          status: d.state in FCP_STATUS ? FCP_STATUS[d.state as keyof typeof FCP_STATUS] : 4,
          owner: d.owner || 'NONE',
        },
        WWPN_DEVICE,
      ),
    ),
  };
}

function performance(out: unknown, target: string): OutputRecord {
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
        guestName: target,
      },
    ],
  };
}

const RECORDS: Record<SmapiFunction, ToRecord> = {
  Image_Create_DM: nothing,
  Image_Delete_DM: nothing,
  Image_Query_DM: (o) => ({ directory: cards(o) }),
  Image_Name_Query_DM: (o) => ({ names: names('name', o) }),
  Image_Activate: activation,
  Image_Deactivate: deactivation,
  // The real function answers an operation id only; the extent stays in the simulator.
  Image_Disk_Create_DM: nothing,
  Image_Disk_Delete_DM: nothing,
  Image_Disk_Query: diskQuery,
  Image_Status_Query: (o) => ({ active: names('name', (o as ImageStatusOutput).active) }),
  Image_Volume_Space_Query_DM: nothing, // by its query type: volumeSpaceRecords
  System_Info_Query: nothing, // by the time it is written: systemInfo
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
  Image_Performance_Query: nothing, // by the guest it is about: performance
  Virtual_Network_Vswitch_Query: vswitchQuery,
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

/** When the answer is written (System_Info_Query tells the time). */
export interface WriteTime {
  now: number;
}

/**
 * A handler's reply as the wire answer's output: a success by its layout; a failure carries
 * its codes only, and VMRELOCATE its reasons as error data.
 */
export function wireOutput(
  fn: SmapiFunction,
  reply: SmapiReply,
  values: Readonly<Record<string, InputValue>> = {},
  at: WriteTime = { now: Date.now() },
): OutputRecord {
  if (reply.rc !== 0) {
    return fn === 'VMRELOCATE' && reply.errmsg ? { errorData: reply.errmsg } : {};
  }
  if (fn === 'Image_Volume_Space_Query_DM') {
    return volumeSpaceRecords(reply.output as VolumeSpaceOutput | VolumeSpaceOutput[], values);
  }
  if (fn === 'System_Info_Query') return systemInfo(reply.output, at);
  if (fn === 'Image_Performance_Query') {
    const [guest = ''] = Array.isArray(values.guests) ? (values.guests as string[]) : [];
    return performance(reply.output, guest.toUpperCase());
  }
  return RECORDS[fn](reply.output);
}
