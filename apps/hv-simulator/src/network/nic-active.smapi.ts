import type { UserRecord } from '../state/state.types.js';
import { CODES, fail, syntax, SYNTAX } from '../smapi-kit/smapi.codes.js';
import {
  OK,
  requireUser,
  vdevParam,
  type SmapiContext,
  type SmapiHandler,
} from '../smapi-kit/smapi.context.js';
import { addActiveNic, nicVlan, removeActiveNic } from './active-nics.js';
import type { ActiveNic } from '../state/network.types.js';
import { NIC_CODES } from './nic.codes.js';
import { freeMacId, macAddress } from './nic.mac.js';
import { nicDefs, nicDevices } from './nicdef.js';
import { findVswitch, vswitchNameParam } from './vswitch.lookup.js';

const P = { vdev: 2, type: 3, vswitch: 3 } as const;

/** The running guest: 200/4 no such user, 200/12 not logged on. */
function activeUser(ctx: SmapiContext, target: string): UserRecord {
  const u = requireUser(ctx, target, CODES.IMAGE_NOT_FOUND);
  if (!u.loggedOn) throw fail(CODES.IMAGE_NOT_ACTIVE, target);
  return u;
}

function activeNic(u: UserRecord, vdev: string): ActiveNic {
  const nic = u.activeNics?.[vdev];
  if (!nic) throw fail(NIC_CODES.ACTIVE_DEVICE_NOT_EXIST, `${u.userid} ${vdev}`);
  return nic;
}

/**
 * Virtual_Network_Adapter_Create_Extended: defines a QDIO NIC in the running guest (CP
 * DEFINE NIC), with a MAC CP assigns. Its three devices must be free (204/4).
 */
export const nicCreate: SmapiHandler = (ctx, target, params) => {
  const vdev = vdevParam(params.vdev, P.vdev);
  if ((params.adapterType ?? 'QDIO') !== 'QDIO') {
    throw syntax(P.type, SYNTAX.UNRECOGNISED, 'adapter_type must be QDIO');
  }
  const u = activeUser(ctx, target);
  const devices = nicDevices(vdev);
  if (!devices) throw syntax(P.vdev, SYNTAX.TOO_LARGE, `${vdev} leaves no room for 3 devices`);
  const clash = devices.find((d) => u.activeDevices.includes(d));
  if (clash) throw fail(NIC_CODES.ACTIVE_DEVICE_EXISTS, `${target} ${clash}`);
  // the directory's MACID when the NIC is defined there too, as CP would use at logon
  const macId = nicDefs(u.directory).get(vdev)?.macId ?? freeMacId(ctx.state);
  addActiveNic(ctx.state, u, { vdev, type: 'QDIO', mac: macAddress(macId) });
  return OK;
};

/** Virtual_Network_Adapter_Delete: DETACH of the running NIC (204/8 when there is none). */
export const nicDelete: SmapiHandler = (ctx, target, params) => {
  const vdev = vdevParam(params.vdev, P.vdev);
  const u = activeUser(ctx, target);
  activeNic(u, vdev);
  removeActiveNic(ctx.state, u, vdev);
  return OK;
};

/**
 * Virtual_Network_Adapter_Connect_Vswitch: COUPLE of the running NIC. 212/40 no such vswitch,
 * 204/20 already coupled. The VLAN is the directory's NICDEF VLAN, else the user's grant.
 */
export const nicConnect: SmapiHandler = (ctx, target, params) => {
  const vdev = vdevParam(params.vdev, P.vdev);
  const name = vswitchNameParam(params.vswitch, P.vswitch);
  const u = activeUser(ctx, target);
  const nic = activeNic(u, vdev);
  const vsw = findVswitch(ctx.state, name);
  if (!vsw) throw fail(NIC_CODES.VSWITCH_NOT_FOUND, name.toUpperCase());
  if (nic.vswitch) throw fail(NIC_CODES.ACTIVE_ALREADY_CONNECTED, `${target} ${vdev}`);
  const vlan = nicVlan(vsw, u.userid, nicDefs(u.directory).get(vdev)?.vlan);
  addActiveNic(ctx.state, u, {
    ...nic,
    vswitch: vsw.name,
    ...(vlan !== undefined ? { vlan } : {}),
  });
  return OK;
};

/** Virtual_Network_Adapter_Disconnect: UNCOUPLE of the running NIC (204/48 when not coupled). */
export const nicDisconnect: SmapiHandler = (ctx, target, params) => {
  const vdev = vdevParam(params.vdev, P.vdev);
  const u = activeUser(ctx, target);
  const nic = activeNic(u, vdev);
  if (!nic.vswitch) throw fail(NIC_CODES.ACTIVE_NOT_CONNECTED, `${target} ${vdev}`);
  const { vswitch: _v, vlan: _l, ...rest } = nic;
  addActiveNic(ctx.state, u, rest);
  return OK;
};
