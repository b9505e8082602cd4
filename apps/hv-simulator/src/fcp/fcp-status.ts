import type { FcpDeviceState } from '#hypervisor';
import type { HypervisorState } from '../state/hypervisor.state.js';
import type { FcpRecord } from '../state/fcp.inventory.js';

/** What CP reports of an FCP device: its state and, while in use, the user using it. */
export interface FcpStatus {
  state: Exclude<FcpDeviceState, 'notfound'>;
  owner?: string;
}

/**
 * An FCP is `active` only while the user it is dedicated to is logged on (its virtual machine
 * has it attached); dedicated in the directory to a logged-off user it is `free`, as CP shows
 * it. Users outside the simulated directory (the management guest, users of other systems
 * named in the inventory) always run.
 */
export function fcpStatus(state: HypervisorState, d: FcpRecord): FcpStatus {
  if (d.state === 'offline') return { state: 'offline' };
  if (!d.owner) return { state: 'free' };
  const u = state.user(d.owner);
  if (u && !u.loggedOn) return { state: 'free' };
  return { state: 'active', owner: d.owner };
}
