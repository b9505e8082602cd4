import { definedDevices } from '../state/directory.parser.js';
import type { UserRecord } from '../state/state.types.js';
import { CODES, fail, syntax, SYNTAX } from '../smapi-kit/smapi.codes.js';
import {
  OK,
  requireUser,
  vdevParam,
  type SmapiContext,
  type SmapiHandler,
} from '../smapi-kit/smapi.context.js';
import { NIC_CODES } from './nic.codes.js';
import { nicDefs, nicDevices, withNicdef, type NicDef } from './nicdef.js';
import { findVswitch, vswitchNameParam } from './vswitch.lookup.js';

// Parameter numbers (target_identifier = 1).
const P = { vdev: 2, type: 3, macId: 5, vswitch: 3 } as const;

/** A directory change: the entry must exist and not be locked by an Image_Lock_DM. */
function editableUser(ctx: SmapiContext, target: string): UserRecord {
  const u = requireUser(ctx, target, CODES.DEF_NOT_FOUND);
  if (u.locked) throw fail(CODES.DEF_LOCKED, target);
  return u;
}

function definedNic(u: UserRecord, vdev: string): NicDef {
  const nic = nicDefs(u.directory).get(vdev);
  if (!nic) throw fail(NIC_CODES.DEVICE_NOT_DEFINED, `${u.userid} ${vdev}`);
  return nic;
}

/** Device numbers the directory uses: each NIC takes three. */
export function usedDirectoryDevices(directory: readonly string[]): Set<string> {
  const used = new Set(definedDevices(directory).keys());
  for (const nic of nicDefs(directory).values()) nicDevices(nic.vdev)?.forEach((d) => used.add(d));
  return used;
}

function setNic(ctx: SmapiContext, u: UserRecord, vdev: string, nic: NicDef | undefined): void {
  u.directory = withNicdef(u.directory, vdev, nic);
  ctx.state.changed();
}

/**
 * Virtual_Network_Adapter_Create_Extended_DM: adds `NICDEF <vdev> TYPE QDIO DEVICES 3
 * [MACID <id>]`.
 * The NIC's three device numbers must be free (404/4); `macId` is 6 hex digits.
 */
export const nicCreateDM: SmapiHandler = (ctx, target, params) => {
  const vdev = vdevParam(params.vdev, P.vdev);
  const type = params.adapterType ?? 'QDIO';
  if (type !== 'QDIO') throw syntax(P.type, SYNTAX.UNRECOGNISED, 'adapter_type must be QDIO');
  const macId = params.macId;
  if (macId !== undefined && (typeof macId !== 'string' || !/^[0-9A-F]{6}$/i.test(macId))) {
    throw syntax(P.macId, SYNTAX.NOT_HEX, 'mac_id must be 6 hexadecimal digits');
  }
  const u = editableUser(ctx, target);
  const devices = nicDevices(vdev);
  if (!devices) throw syntax(P.vdev, SYNTAX.TOO_LARGE, `${vdev} leaves no room for 3 devices`);
  const used = usedDirectoryDevices(u.directory);
  const clash = devices.find((d) => used.has(d));
  if (clash) throw fail(NIC_CODES.DEVICE_DEFINED, `${target} ${clash}`);
  setNic(ctx, u, vdev, {
    vdev,
    type: 'QDIO',
    devices: devices.length,
    ...(typeof macId === 'string' ? { macId: macId.toUpperCase() } : {}),
  });
  return OK;
};

/** Virtual_Network_Adapter_Delete_DM: removes the NIC's NICDEF statements (404/8 if none). */
export const nicDeleteDM: SmapiHandler = (ctx, target, params) => {
  const vdev = vdevParam(params.vdev, P.vdev);
  const u = editableUser(ctx, target);
  definedNic(u, vdev);
  setNic(ctx, u, vdev, undefined);
  return OK;
};

/**
 * Virtual_Network_Adapter_Connect_Vswitch_DM: the NIC couples to `vswitch` at logon
 * (`LAN SYSTEM <name>`). The vswitch must exist (212/40), the NIC be defined (404/8).
 */
export const nicConnectDM: SmapiHandler = (ctx, target, params) => {
  const vdev = vdevParam(params.vdev, P.vdev);
  const name = vswitchNameParam(params.vswitch, P.vswitch);
  const u = editableUser(ctx, target);
  const nic = definedNic(u, vdev);
  if (!findVswitch(ctx.state, name)) throw fail(NIC_CODES.VSWITCH_NOT_FOUND, name.toUpperCase());
  setNic(ctx, u, vdev, { ...nic, vswitch: name.toUpperCase() });
  return OK;
};

/** Virtual_Network_Adapter_Disconnect_DM: drops the coupling (212/32 when there is none). */
export const nicDisconnectDM: SmapiHandler = (ctx, target, params) => {
  const vdev = vdevParam(params.vdev, P.vdev);
  const u = editableUser(ctx, target);
  const nic = definedNic(u, vdev);
  if (!nic.vswitch) throw fail(NIC_CODES.NOT_CONNECTED_DM, `${target} ${vdev}`);
  const { vswitch: _v, vlan: _l, portType: _p, ...rest } = nic;
  setNic(ctx, u, vdev, rest);
  return OK;
};
