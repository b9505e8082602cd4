import type { SmapiFunction } from '#hypervisor';
import type { SmapiHandler } from '../smapi-kit/smapi.context.js';
import { nicConnect, nicCreate, nicDelete, nicDisconnect } from './nic-active.smapi.js';
import { nicConnectDM, nicCreateDM, nicDeleteDM, nicDisconnectDM } from './nic-directory.smapi.js';
import { adapterQuery, vswitchByteStats } from './nic-query.smapi.js';

type NicFunction = Extract<SmapiFunction, `Virtual_Network_Adapter_${string}`>;

/** The NIC functions of the SMAPI registry (and the vswitch counters interfacestats reads). */
export const NIC_HANDLERS: Record<
  NicFunction | 'Virtual_Network_Vswitch_Query_Byte_Stats',
  SmapiHandler
> = {
  Virtual_Network_Adapter_Create_Extended_DM: nicCreateDM,
  Virtual_Network_Adapter_Create_Extended: nicCreate,
  Virtual_Network_Adapter_Delete_DM: nicDeleteDM,
  Virtual_Network_Adapter_Delete: nicDelete,
  Virtual_Network_Adapter_Connect_Vswitch_DM: nicConnectDM,
  Virtual_Network_Adapter_Connect_Vswitch: nicConnect,
  Virtual_Network_Adapter_Disconnect_DM: nicDisconnectDM,
  Virtual_Network_Adapter_Disconnect: nicDisconnect,
  Virtual_Network_Adapter_Query_Extended: adapterQuery,
  Virtual_Network_Vswitch_Query_Byte_Stats: vswitchByteStats,
};
