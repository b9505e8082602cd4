import type { FcpDeviceState } from '#hypervisor';

/** One FCP subchannel as the simulator keeps it (persisted in SimState.fcp). */
export interface FcpRecord {
  /** 4 upper-case hex digits. */
  fcpId: string;
  chpid: string;
  pchid: string;
  state: Exclude<FcpDeviceState, 'notfound'>;
  /** Userid the device is dedicated to; absent when none. */
  owner?: string;
  wwpnNpiv: string;
  wwpnPhy: string;
}
