import type { HypervisorState } from '../state/hypervisor.state.js';
import type { VswitchRecord } from './network.types.js';

/** The vswitch of that name (any case), or undefined: the NIC functions' one view of vswitches. */
export function findVswitch(state: HypervisorState, name: string): VswitchRecord | undefined {
  return state.vswitches()[name.toUpperCase()];
}
