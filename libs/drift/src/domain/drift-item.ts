import { DRIFT_KINDS, type DriftKind } from '#jobs';

/** A side's view of an item: what it has (null: nothing). */
export type Side = Record<string, unknown> | null;

/** One difference between the hypervisor and the database. */
export interface DriftItem {
  kind: DriftKind;
  /** A userid, an FCP (`1a00`), `USERID.VDEV` (NIC) or `VSWITCH.USERID` (grant). */
  id: string;
  hypervisor: Side;
  database: Side;
  /** The guest the item is about (upper case), when there is one: the history's key. */
  userid: string | null;
  /** The vswitch of a grant. */
  vswitch?: string;
}

/** Fields that change without the item changing: an FCP's state follows its owner's logon. */
const PASSING = new Set(['state']);

const lasting = (side: Side): Side =>
  side && Object.fromEntries(Object.entries(side).filter(([k]) => !PASSING.has(k)));

/** What both sides had, as one string: a forgotten item stays forgotten while this holds. */
export const seenOf = (i: Pick<DriftItem, 'hypervisor' | 'database'>): string =>
  JSON.stringify({ hypervisor: lasting(i.hypervisor), database: lasting(i.database) });

/** `kind id`, the item's key in logs and sets. */
export const keyOf = (i: Pick<DriftItem, 'kind' | 'id'>): string => `${i.kind} ${i.id}`;

/** Items by kind: every kind, 0 when none is found. */
export function countsOf(items: readonly { kind: DriftKind }[]): Record<DriftKind, number> {
  const counts = Object.fromEntries(DRIFT_KINDS.map((k) => [k, 0])) as Record<DriftKind, number>;
  for (const i of items) counts[i.kind] += 1;
  return counts;
}
