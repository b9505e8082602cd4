import type { HypervisorState } from '../state/hypervisor.state.js';
import { nicDefs } from './nicdef.js';

/** The system's MAC prefix (CP's VMLAN MACPREFIX default, 02-00-00: locally administered). */
export const MAC_PREFIX = '020000';

/** `02:00:00:12:34:56` from a 6-hex-digit MACID, as CP forms a NIC's address. */
export function macAddress(macId: string): string {
  const hex = `${MAC_PREFIX}${macId.toUpperCase().padStart(6, '0')}`;
  return hex.match(/../g)!.join(':');
}

/** The MACID (last 3 bytes, upper-case hex) of a MAC address. */
export function macIdOf(mac: string): string {
  return mac
    .replace(/[^0-9A-Fa-f]/g, '')
    .slice(-6)
    .toUpperCase();
}

/**
 * A MACID no NIC (directory or running) or vswitch of the system uses: CP hands them out from
 * its MACIDRANGE in ascending order when NICDEF names none.
 */
export function freeMacId(state: HypervisorState): string {
  const used = new Set<number>();
  for (const id of state.userIds()) {
    const u = state.user(id);
    if (!u) continue;
    for (const nic of nicDefs(u.directory).values()) {
      if (nic.macId) used.add(parseInt(nic.macId, 16));
    }
    for (const nic of Object.values(u.activeNics ?? {})) used.add(parseInt(macIdOf(nic.mac), 16));
  }
  // vswitches take their MACs from the same range
  for (const v of Object.values(state.vswitches())) {
    if (v.macAddress) used.add(parseInt(macIdOf(v.macAddress), 16));
  }
  let next = Math.max(0, ...used) + 1;
  while (used.has(next) || next > 0xffffff) next = next > 0xffffff ? 1 : next + 1;
  return next.toString(16).toUpperCase().padStart(6, '0');
}
