import { DISK_UNIT_SIZES, type InputValue, type SmapiFunction } from '#hypervisor';
import type { WireRequest } from './wire.request.js';

/**
 * The simulator's reading of each function's wire parameters into the JSON params its
 * handlers take (the HTTP front door's shape). Written from the layouts and the reference's
 * way of filling them, independently of the service's client.
 */
type Values = Readonly<Record<string, InputValue>>;
type Params = Record<string, unknown>;
type ToParams = (values: Values) => Params;

const str = (v: InputValue | undefined): string | undefined =>
  typeof v === 'string' && v !== '' ? v : undefined;
const strs = (v: InputValue | undefined): string[] =>
  Array.isArray(v) ? (v as readonly string[]).map(String) : [];

/** `switch_name` → `switchName`. */
const camelCase = (kw: string): string =>
  kw.toLowerCase().replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Keywords whose values the handlers take as numbers. */
const NUMERIC = new Set([
  'queueMemoryLimit',
  'nativeVlanid',
  'userVlanId',
  'maxTotal',
  'maxQuiesce',
]);

/** `keyword=value` strings as JSON params: YES/NO of persist/immediate as booleans, numbers as numbers. */
function keywords(
  v: InputValue | undefined,
  renames: Readonly<Record<string, string>> = {},
): Params {
  const out: Params = {};
  for (const item of strs(v)) {
    const at = item.indexOf('=');
    if (at <= 0) continue;
    const name = camelCase(item.slice(0, at).trim());
    const raw = item.slice(at + 1).trim();
    let value: unknown = raw;
    if ((name === 'persist' || name === 'immediate') && /^(YES|NO)$/i.test(raw)) {
      value = raw.toUpperCase() === 'YES';
    } else if ((NUMERIC.has(name) || name === 'vlanId') && /^\d+$/.test(raw)) {
      value = Number(raw);
    }
    out[renames[name] ?? name] = value;
  }
  return out;
}

const nothing: ToParams = () => ({});
const vdev: ToParams = (v) => ({ vdev: str(v.imageDeviceNumber) });
const vdevAndSwitch: ToParams = (v) => ({
  vdev: str(v.imageDeviceNumber),
  vswitch: str(v.switchName),
});
const adapter: ToParams = (v) => keywords(v.keys, { imageDeviceNumber: 'vdev' });
const directory: ToParams = (v) => ({ directory: strs(v.directory) });

const PAUSE: Readonly<Record<string, boolean>> = { 'PAUSE=YES': true, 'PAUSE=NO': false };

const PARAMS: Record<SmapiFunction, ToParams> = {
  Image_Create_DM: directory,
  Image_Delete_DM: nothing,
  Image_Query_DM: nothing,
  Image_Name_Query_DM: nothing,
  Image_Activate: nothing,
  Image_Deactivate: (v) => ({ immediate: str(v.forceTime)?.toUpperCase() === 'IMMED' }),
  // Allocation type and unit size only when not what the JSON front door assumes (AUTOG; the
  // device type's unit). Formatting 1 is NONE; a Linux file system is not something this
  // function is told.
  Image_Disk_Create_DM: (v) => {
    const allocationType = str(v.imageDiskAllocationType)?.toUpperCase();
    const deviceType = str(v.imageDiskDeviceType);
    const unit = typeof v.allocationUnitSize === 'number' ? v.allocationUnitSize : 0;
    const unitSize = DISK_UNIT_SIZES[unit - 1] ?? (unit ? String(unit) : undefined);
    const usual = deviceType === '3390' ? 'CYLINDERS' : 'BLK0512';
    return {
      vdev: str(v.imageDiskNumber),
      deviceType,
      ...(allocationType && allocationType !== 'AUTOG' ? { allocationType } : {}),
      pool: str(v.allocationAreaNameOrVolser),
      ...(unitSize && unitSize !== usual ? { unitSize } : {}),
      units: v.imageDiskSize,
      mode: str(v.imageDiskMode),
      ...(v.imageDiskFormatting === 1 ? { format: 'none' } : {}),
    };
  },
  Image_Disk_Delete_DM: (v) => ({ vdev: str(v.imageDiskNumber) }),
  Image_Disk_Query: (v) => keywords(v.keys),
  Image_Status_Query: nothing,
  // entry_type 1 names volumes, 3 groups (pools): one name as `volume`/`pool`; several
  // (blank separated), `*` or none (every group: how the reference lists them) as a list.
  Image_Volume_Space_Query_DM: (v) => {
    const names = (str(v.entryNames) ?? '').trim().split(/\s+/).filter(Boolean);
    const one = names.length === 1 && names[0] !== '*' ? names[0] : undefined;
    if (v.entryType === 1) return one ? { volume: one } : { volumes: names };
    return one ? { pool: one } : { pools: names };
  },
  System_Info_Query: nothing,
  System_Information_Query: nothing,
  System_Performance_Information_Query: (v) => keywords(v.keys),
  System_WWPN_Query: nothing,
  Query_API_Functional_Level: nothing,
  Image_Device_Dedicate_DM: (v) => ({
    vdev: str(v.imageDeviceNumber),
    realDevice: str(v.realDeviceNumber),
  }),
  Image_Device_Undedicate_DM: vdev,
  VMRELOCATE: (v) => {
    const p = keywords(v.keys);
    if (typeof p.force === 'string') p.force = p.force.split(/\s+/).filter(Boolean);
    return p;
  },
  Image_Pause: (v) => {
    const raw = (str(v.pause) ?? '').toUpperCase();
    return { pause: raw in PAUSE ? PAUSE[raw] : raw };
  },
  Image_Lock_DM: nothing,
  Image_Console_Get: nothing,
  Image_Unlock_DM: nothing,
  Image_Replace_DM: directory,
  Image_Performance_Query: nothing,
  Virtual_Network_Vswitch_Query: (v) => ({ switchName: str(v.switchName) }),
  Virtual_Network_Vswitch_Create_Extended: (v) => keywords(v.keys),
  Virtual_Network_Vswitch_Query_Extended: (v) => keywords(v.keys),
  Virtual_Network_Vswitch_Delete_Extended: (v) => keywords(v.keys),
  Virtual_Network_Vswitch_Set_Extended: (v) => keywords(v.keys),
  Virtual_Network_Adapter_Create_Extended_DM: adapter,
  Virtual_Network_Adapter_Create_Extended: adapter,
  Virtual_Network_Adapter_Delete_DM: vdev,
  Virtual_Network_Adapter_Delete: vdev,
  Virtual_Network_Adapter_Connect_Vswitch_DM: vdevAndSwitch,
  Virtual_Network_Adapter_Connect_Vswitch: vdevAndSwitch,
  Virtual_Network_Adapter_Disconnect_DM: vdev,
  Virtual_Network_Adapter_Disconnect: vdev,
  Virtual_Network_Adapter_Query_Extended: adapter,
  Virtual_Network_Vswitch_Query_Byte_Stats: (v) => keywords(v.keys, { switchName: 'vswitch' }),
};

/** The JSON params of one wire request; absent values are left out, as an HTTP caller would. */
export function wireParams(fn: SmapiFunction, values: Values): Params {
  const params = PARAMS[fn](values);
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined));
}

/**
 * The image a request is about: its target identifier (upper case; none: `*`), except for
 * Image_Performance_Query, whose target is the caller and whose guest is the first of its list
 * (the reference asks for one guest at a time; later ones are not answered).
 */
export function wireTarget(req: Pick<WireRequest, 'fn' | 'target' | 'values'>): string {
  const guest = req.fn === 'Image_Performance_Query' ? strs(req.values.guests)[0] : undefined;
  return (guest ?? req.target).trim().toUpperCase() || '*';
}
