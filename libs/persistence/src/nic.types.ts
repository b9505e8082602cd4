/** A NIC record as the reference's `switch` table holds it (spec §2.7). */
export interface NicRecord {
  /** Upper case. */
  userid: string;
  /** NIC device number as stored (no zero padding). */
  interface: string;
  /** Coupled vswitch; null while uncoupled. */
  switch: string | null;
  /** NIC identifier (nic_id). */
  port: string | null;
  comments: string | null;
}

/** Filters of GET /guests/nics; each one given narrows the list. */
export interface NicQuery {
  userid?: string;
  port?: string;
  switch?: string;
}
