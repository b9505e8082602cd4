/**
 * Switches of the simulated guest OS that volume work depends on (admin
 * `PUT /admin/guests/{userid}/os` sets them to inject failures).
 */
export interface GuestOsSettings {
  /** multipathd running (`systemctl is-active multipathd`); volume scripts exit 1 when not. */
  multipathd: boolean;
  /** `multipath -f <map>` fails (map in use): the detach script exits 5. */
  multipathFlushFails: boolean;
  /** The management guest is an authorised IUCV client: commands answer UNAUTHORIZED when not. */
  iucvAuthorized: boolean;
}

export const DEFAULT_OS_SETTINGS: GuestOsSettings = {
  multipathd: true,
  multipathFlushFails: false,
  iucvAuthorized: true,
};

/** One SCSI path of a volume: the guest's FCP, the storage port, the sd device it made. */
export interface VolumePath {
  fcp: string;
  wwpn: string;
  device: string;
}

/** A SCSI volume configured in the guest OS (what the attach script leaves behind). */
export interface AttachedVolume {
  lun: string;
  paths: VolumePath[];
  /** Multipath map (`mpatha`…) when attached with multipath; absent otherwise. */
  map?: string;
  /** Symlink the script made (`mount_point`) and the device it points to. */
  mountPoint?: { path: string; target: string };
}
