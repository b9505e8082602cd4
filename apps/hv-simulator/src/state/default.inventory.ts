import type { DiskDeviceType } from '#hypervisor';
import type { FcpInventory } from './fcp.inventory.js';
import type { PoolRecord, SimState } from './state.types.js';

/** The profile every z/VM system with the reference's setup has. */
export const DEFAULT_PROFILE = 'OSDFLT';
export const DEFAULT_ECKD_POOL = 'POOL1';
export const DEFAULT_FBA_POOL = 'FBAPOOL1';

/**
 * Volume layout per device type. A 3390 model 9 has 10,017 cylinders; cylinder 0 holds the label
 * and VTOC, so the pool region is cylinders 1–10016. FBA volumes keep their first 32 blocks
 * for the label area.
 */
const LAYOUT: Record<
  DiskDeviceType,
  { prefix: string; count: number; start: number; size: number; rdevBase: number }
> = {
  // Real device numbers: ECKD volumes from 6000, FBA from 7000 (as an installation's I/O
  // definition groups device types in ranges).
  '3390': { prefix: 'EV', count: 4, start: 1, size: 10_016, rdevBase: 0x6000 },
  '9336': { prefix: 'FB', count: 3, start: 32, size: 4_194_304, rdevBase: 0x7000 },
};

export interface InventoryOptions {
  systemId: string;
  /** Extra profile names (e.g. the configured USER_PROFILE); OSDFLT is always there. */
  profiles?: readonly string[];
  /** Extra pools as `ECKD:<name>` / `FBA:<name>` (the DISK_POOL setting). */
  diskPools?: readonly string[];
  /** Member systems of the SSI cluster, the simulator's own first; one = not in a cluster. */
  ssiMembers?: readonly string[];
  /** FCP devices and storage targets; absent = DEFAULT_FCP_INVENTORY. */
  fcp?: FcpInventory;
}

/** Device numbers any volume of any pool is attached on. */
function rdevsInUse(state: SimState): Set<number> {
  const used = Object.values(state.pools).flatMap((p) => p.volumes.map((v) => v.rdev));
  // State saved before volumes had device numbers has none to count.
  return new Set(used.filter((r) => Boolean(r)).map((r) => parseInt(r, 16)));
}

/** The lowest free device number of the type's range; never one another volume has. */
function nextRdev(state: SimState, deviceType: DiskDeviceType): string {
  const used = rdevsInUse(state);
  let n = LAYOUT[deviceType].rdevBase;
  while (used.has(n)) n++;
  return n.toString(16).toUpperCase().padStart(4, '0');
}

function makePool(name: string, deviceType: DiskDeviceType, ordinal: number): PoolRecord {
  const l = LAYOUT[deviceType];
  const volumes = Array.from({ length: l.count }, (_, i) => ({
    // Pool n of a type gets volsers <prefix>n01…, so POOL1 is EV0001…EV0004.
    volser: `${l.prefix}${String(ordinal * 100 + i + 1).padStart(4, '0')}`,
    rdev: '',
    start: l.start,
    size: l.size,
    extents: [],
  }));
  return { name, deviceType, volumes };
}

/**
 * Gives every volume without a device number the next free one of its type (new pools, and
 * state saved before volumes had one); numbers once given are kept for good.
 */
function attachVolumes(state: SimState): void {
  for (const pool of Object.values(state.pools)) {
    for (const vol of pool.volumes) {
      if (!vol.rdev) vol.rdev = nextRdev(state, pool.deviceType);
    }
  }
}

/** Adds missing profiles and pools named by the options; never removes anything. */
export function ensureInventory(state: SimState, opts: InventoryOptions): void {
  for (const p of [DEFAULT_PROFILE, ...(opts.profiles ?? [])].map((s) => s.toUpperCase())) {
    if (!state.profiles.includes(p)) state.profiles.push(p);
  }
  const wanted = [
    `ECKD:${DEFAULT_ECKD_POOL}`,
    `FBA:${DEFAULT_FBA_POOL}`,
    ...(opts.diskPools ?? []),
  ];
  for (const item of wanted) {
    const [kind, rawName] = item.toUpperCase().split(':');
    if (!rawName || (kind !== 'ECKD' && kind !== 'FBA')) continue;
    if (state.pools[rawName]) continue;
    const type: DiskDeviceType = kind === 'ECKD' ? '3390' : '9336';
    const ordinal = Object.values(state.pools).filter((p) => p.deviceType === type).length;
    state.pools[rawName] = makePool(rawName, type, ordinal);
  }
  attachVolumes(state);
}

/** A fresh system: no users, the default profiles and pools. */
export function defaultState(opts: InventoryOptions): SimState {
  const state: SimState = {
    version: 1,
    systemId: opts.systemId,
    profiles: [],
    users: {},
    pools: {},
  };
  ensureInventory(state, opts);
  return state;
}
