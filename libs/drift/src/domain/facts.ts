/** What the comparison takes from each side (read by scan/, compared by compare.ts). */

/** The hypervisor, as far as it was read. */
export interface HypervisorFacts {
  /** Every user the directory defines, upper case. */
  users: ReadonlySet<string>;
  /** Directory statements of the users read (rows, the prefix's users, FCP holders). */
  entries: ReadonlyMap<string, readonly string[]>;
  /** FCP devices (id lower case) → the user it is dedicated to while active, and its state; null: not read. */
  fcps: ReadonlyMap<string, { owner: string | null; state: string }> | null;
  /** Vswitch → the users granted on it; null: not read. */
  grants: ReadonlyMap<string, ReadonlySet<string>> | null;
}

/** A guest row as the comparison needs it. */
export interface GuestFact {
  userid: string;
  migrated: boolean;
  createdAt: Date;
}

/** A NIC row. */
export interface NicFact {
  userid: string;
  interface: string;
  switch: string | null;
  port: string | null;
}

/** An FCP row's usage. */
export interface FcpFact {
  fcpId: string;
  assignerId: string;
  reserved: number;
  connections: number;
  tmplId: string;
}

/** The database. */
export interface DatabaseFacts {
  guests: readonly GuestFact[];
  nics: readonly NicFact[];
  fcps: readonly FcpFact[];
}
