/**
 * Builders for request bodies the end-to-end files send again and again, so a test spells out
 * only what it is about (a disk's size, pool or format) and not the rest of a guest definition.
 */

/** One entry of a `disk_list`, as the API takes it. */
export interface DiskSpec {
  size?: string;
  is_boot_disk?: boolean;
  disk_pool?: string;
  format?: string;
  mntdir?: string;
  vdev?: string;
}

/** A disk of `size`, with whatever else the test cares about (pool, format). */
export const disk = (size: string, extra: Omit<DiskSpec, 'size'> = {}): DiskSpec => ({
  size,
  ...extra,
});

/** The boot disk of `size`. */
export const bootDisk = (size: string, extra: Omit<DiskSpec, 'size' | 'is_boot_disk'> = {}) =>
  disk(size, { is_boot_disk: true, ...extra });

/** `n` plain disks of `size` each. */
export const disksOf = (n: number, size: string): DiskSpec[] =>
  Array.from({ length: n }, () => disk(size));

export interface GuestSpec {
  userid: string;
  /** The guest's `disk_list`; a guest without disks when left out. */
  disks?: DiskSpec[];
  vcpus?: number;
  memory?: number;
  /** Any other field of the guest (max_mem, user_profile, ...). */
  [field: string]: unknown;
}

/** The body of `POST /guests`: 1 vCPU and 512 MB unless the test says otherwise. */
export function guestBody({ userid, disks: list, vcpus = 1, memory = 512, ...rest }: GuestSpec) {
  return {
    guest: { userid, vcpus, memory, ...(list ? { disk_list: list } : {}), ...rest },
  };
}

/** The body of `POST /guests/{userid}/disks` (add disks to a guest). */
export const diskInfoBody = (list: DiskSpec[]) => ({ disk_info: { disk_list: list } });
