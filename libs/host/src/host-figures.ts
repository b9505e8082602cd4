import { type DiskDeviceType, type VolumeSpaceOutput } from '#hypervisor';

const GIB = 1024 ** 3;
/** Bytes per unit: a 3390 cylinder, an FBA block. */
const UNIT_BYTES: Record<DiskDeviceType, number> = { '3390': 737_280, '9336': 512 };

/** `z/VM 7.2.0` → 720, the reference's integer hypervisor_version. */
export function hypervisorVersion(text: string): number {
  const m = /(\d+)\.(\d+)\.(\d+)/.exec(text);
  return m ? Number(`${m[1]}${m[2]}${m[3]}`) : 0;
}

export interface DiskFigures {
  disk_total: number;
  disk_used: number;
  disk_available: number;
}

/** Pool space in whole gigabytes (GiB, rounded down), as the reference reports it. */
export function diskFigures(space: VolumeSpaceOutput): DiskFigures {
  const gb = (units: number) => Math.floor((units * UNIT_BYTES[space.deviceType]) / GIB);
  return {
    disk_total: gb(space.total),
    disk_used: gb(space.used),
    disk_available: gb(space.free),
  };
}

export interface DiskPoolExtent {
  volume_name: string;
  device_type: string;
  start_cylinder: number;
  free_size: number;
  dasd_group: string;
  region_name: string;
}

/** One entry per free extent (volume, start, size in the pool's units) of the pool. */
export function diskPoolDetails(space: VolumeSpaceOutput): DiskPoolExtent[] {
  return space.volumes.flatMap((v) =>
    v.freeExtents.map((e) => ({
      volume_name: v.volser,
      device_type: space.deviceType,
      start_cylinder: e.start,
      free_size: e.size,
      dasd_group: space.pool,
      region_name: v.volser,
    })),
  );
}

const SSI_HEADER_KEYS: [RegExp, string][] = [
  [/^SSI Name:\s*(.*)$/i, 'ssi_name'],
  [/^SSI Mode:\s*(.*)$/i, 'ssi_mode'],
  [/^Cross-System Timeouts:\s*(.*)$/i, 'cross_system_timeouts'],
  [/^SSI Persistent Data Record \(PDR\) device:\s*(.*)$/i, 'ssi_pdr'],
];

/**
 * CP QUERY SSI output → the reference's `key = value` lines: the cluster's keys, then per
 * member slot (after a blank line) slot, system id, state and both heartbeats. Slots without a
 * member are listed too (state `Available`), as CP lists them.
 */
export function ssiLines(cp: readonly string[]): string[] {
  const out: string[] = [];
  for (const line of cp) {
    const header = SSI_HEADER_KEYS.find(([re]) => re.test(line.trim()));
    if (header) {
      const value = header[0].exec(line.trim())?.[1] ?? '';
      out.push(`${header[1]} = ${value}`);
      continue;
    }
    const slot = /^\s*(\d+)\s+(\S+)\s+(\S+)(?:\s+(\S+ \S+))?(?:\s+(\S+ \S+))?\s*$/.exec(line);
    if (!slot) continue;
    out.push(
      '',
      `member_slot = ${slot[1]}`,
      `member_system_id = ${slot[2]}`,
      `member_state = ${slot[3]}`,
      `member_pdr_heartbeat = ${slot[4] ?? ''}`,
      `member_received_heartbeat = ${slot[5] ?? ''}`,
    );
  }
  return out;
}
