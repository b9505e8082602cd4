/** One interface the guest OS has configured, by the NIC device number it runs on. */
export interface GuestInterface {
  vdev: string;
  /** OS device name, e.g. `enc1000`. */
  device: string;
  /** The configuration file it came from (what a delete script removes). */
  file: string;
  ip?: string;
  /** Prefix length of the address. */
  prefix?: number;
  gateway?: string;
  dns: string[];
  mac?: string;
}

/** The network configuration of a guest's OS (kept on its disk: it survives reboots). */
export interface GuestNetwork {
  hostname?: string;
  interfaces: Record<string, GuestInterface>;
}
