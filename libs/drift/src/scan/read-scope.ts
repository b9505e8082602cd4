import type { DriftKind } from '#jobs';

/**
 * How much of the hypervisor a scan reads. A whole report reads everything; the check of one
 * item before a decision reads only what that item depends on.
 */
export interface ReadScope {
  /** Read the directory entries of these users only (default: every user compared). */
  entriesOf?: ReadonlySet<string>;
  /** Read the FCP devices (default true). */
  fcps?: boolean;
  /** Read the vswitches' grants (default true). */
  grants?: boolean;
}

/** What the item of `kind` about `userid` depends on. */
export function scopeOf(kind: DriftKind, userid: string | null): ReadScope {
  switch (kind) {
    case 'guest_unknown':
    case 'guest_missing':
      return { entriesOf: new Set(), fcps: false, grants: false };
    case 'nic_differs':
      return { entriesOf: new Set(userid ? [userid] : []), fcps: false, grants: false };
    case 'vswitch_grant_differs':
      return { entriesOf: new Set(), fcps: false };
    // an FCP's owner may be any user compared whose directory dedicates it
    case 'fcp_dedicated_unrecorded':
    case 'fcp_recorded_undedicated':
      return { grants: false };
  }
}
