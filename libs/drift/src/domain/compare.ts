import { DRIFT_KINDS } from '#jobs';
import { dedicatedDevices, directoryNics, fcpOf, vdevOf } from './directory-statements.js';
import type { DriftItem } from './drift-item.js';
import type { DatabaseFacts, FcpFact, GuestFact, HypervisorFacts } from './facts.js';

const upper = (s: string): string => s.trim().toUpperCase();

/** The FCP row's usage as the report shows it. */
const usage = (f: FcpFact) => ({
  assigner_id: f.assignerId,
  reserved: f.reserved,
  connections: f.connections,
  template_id: f.tmplId,
});

/** Items in a stable order: by kind (as DRIFT_KINDS lists them), then id. */
function sorted(items: DriftItem[]): DriftItem[] {
  const rank = (i: DriftItem) => DRIFT_KINDS.indexOf(i.kind);
  return items.sort((a, b) => rank(a) - rank(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * Every difference between the two sides. `prefix` (MANAGED_USERID_PREFIX, '' for none) says
 * which directory users are the service's: only those are reported when no row knows them.
 * Rows of guests migrated away are known but not compared (their guest runs elsewhere).
 */
export function compare(hv: HypervisorFacts, db: DatabaseFacts, prefix: string): DriftItem[] {
  const rows = new Map(db.guests.map((g) => [upper(g.userid), g]));
  const managed = [...rows.values()].filter((g) => !g.migrated);
  const ours = (u: string) => prefix !== '' && u.startsWith(prefix);
  return sorted([
    ...guests(hv, rows, managed, ours),
    ...nics(hv, db, managed),
    ...fcps(hv, db),
    ...grants(hv, db, rows, managed, ours),
  ]);
}

function guests(
  hv: HypervisorFacts,
  rows: Map<string, GuestFact>,
  managed: GuestFact[],
  ours: (u: string) => boolean,
): DriftItem[] {
  const items: DriftItem[] = [];
  for (const u of hv.users) {
    if (!ours(u) || rows.has(u)) continue;
    items.push({
      kind: 'guest_unknown',
      id: u,
      hypervisor: { userid: u, in_directory: true },
      database: null,
      userid: u,
    });
  }
  for (const g of managed) {
    const u = upper(g.userid);
    if (hv.users.has(u)) continue;
    items.push({
      kind: 'guest_missing',
      id: u,
      hypervisor: null,
      database: { userid: u, created_at: g.createdAt.toISOString() },
      userid: u,
    });
  }
  return items;
}

/** NICs of each managed guest whose directory was read: NICDEF statements against NIC rows. */
function nics(hv: HypervisorFacts, db: DatabaseFacts, managed: GuestFact[]): DriftItem[] {
  const items: DriftItem[] = [];
  for (const g of managed) {
    const u = upper(g.userid);
    const entry = hv.entries.get(u);
    if (!hv.users.has(u) || !entry) continue;
    const there = directoryNics(entry);
    const here = new Map(
      db.nics.filter((n) => upper(n.userid) === u).map((n) => [vdevOf(n.interface), n]),
    );
    for (const vdev of [...new Set([...there.keys(), ...here.keys()])]) {
      const row = here.get(vdev);
      const hvSwitch = there.has(vdev) ? there.get(vdev)! : undefined;
      const dbSwitch = row ? (row.switch === null ? null : upper(row.switch)) : undefined;
      if (hvSwitch === dbSwitch) continue;
      items.push({
        kind: 'nic_differs',
        id: `${u}.${vdev}`,
        hypervisor: hvSwitch === undefined ? null : { vdev, vswitch: hvSwitch },
        database: row ? { vdev: row.interface, vswitch: row.switch, port: row.port } : null,
        userid: u,
      });
    }
  }
  return items;
}

/**
 * FCP rows against the hypervisor's dedications: a DEDICATE statement in a directory read, else
 * the owner System_WWPN_Query reports (an FCP shows its owner only while that user is logged
 * on). Recorded = the row's assigner holds it (reserved, or connections). A row with
 * connections whose assigner has no directory entry yet (a root volume attached before its
 * guest is created) is not drift.
 */
function fcps(hv: HypervisorFacts, db: DatabaseFacts): DriftItem[] {
  if (!hv.fcps) return [];
  const dedicated = new Map<string, string>();
  for (const [u, entry] of hv.entries) for (const f of dedicatedDevices(entry)) dedicated.set(f, u);
  const items: DriftItem[] = [];
  for (const f of db.fcps) {
    const id = fcpOf(f.fcpId);
    const device = hv.fcps.get(id);
    const owner = dedicated.get(id) ?? device?.owner ?? null;
    const state = device?.state ?? 'notfound';
    const assigner = upper(f.assignerId);
    const holder = assigner !== '' && (f.connections > 0 || f.reserved !== 0) ? assigner : null;
    if (owner !== null && owner !== holder) {
      items.push({
        kind: 'fcp_dedicated_unrecorded',
        id,
        hypervisor: { owner, state },
        database: usage(f),
        userid: owner,
      });
    } else if (owner === null && f.connections > 0 && assigner !== '' && hv.users.has(assigner)) {
      items.push({
        kind: 'fcp_recorded_undedicated',
        id,
        hypervisor: { owner: null, state },
        database: usage(f),
        userid: assigner,
      });
    }
  }
  return items;
}

/**
 * Vswitch grants: one to a user of the prefix that no row knows, and a NIC row coupled to a
 * vswitch that does not grant its guest (or does not exist).
 */
function grants(
  hv: HypervisorFacts,
  db: DatabaseFacts,
  rows: Map<string, GuestFact>,
  managed: GuestFact[],
  ours: (u: string) => boolean,
): DriftItem[] {
  if (!hv.grants) return [];
  const items: DriftItem[] = [];
  for (const [vswitch, users] of hv.grants) {
    for (const u of users) {
      if (!ours(u) || rows.has(u)) continue;
      items.push({
        kind: 'vswitch_grant_differs',
        id: `${vswitch}.${u}`,
        hypervisor: { granted: true, vswitch_defined: true },
        database: { guest: false, coupled_nics: [] },
        userid: u,
        vswitch,
      });
    }
  }
  for (const g of managed) {
    const u = upper(g.userid);
    if (!hv.users.has(u)) continue;
    const coupled = new Map<string, string[]>();
    for (const n of db.nics) {
      if (upper(n.userid) !== u || n.switch === null) continue;
      const vswitch = upper(n.switch);
      coupled.set(vswitch, [...(coupled.get(vswitch) ?? []), n.interface]);
    }
    for (const [vswitch, vdevs] of coupled) {
      if (hv.grants.get(vswitch)?.has(u)) continue;
      items.push({
        kind: 'vswitch_grant_differs',
        id: `${vswitch}.${u}`,
        hypervisor: { granted: false, vswitch_defined: hv.grants.has(vswitch) },
        database: { guest: true, coupled_nics: vdevs.sort() },
        userid: u,
        vswitch,
      });
    }
  }
  return items;
}
