/** A guest known to this service, as callers see it (JSON columns parsed). */
export interface GuestRecord {
  id: string;
  /** Upper case, 1-8 characters. */
  userid: string;
  /** Free-form `key=value` pairs, e.g. `os_version=rhel8.4`. */
  metadata: string;
  netSet: number;
  comments: Record<string, unknown>;
  migrated: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewGuest {
  userid: string;
  metadata?: string;
  netSet?: number;
}

export type GuestPatch = Partial<
  Pick<GuestRecord, 'metadata' | 'netSet' | 'comments' | 'migrated'>
>;
