import type { DriftKind } from '#jobs';
import type { DriftRepository, TouchingOperation } from '#persistence';
import { countsOf, type DriftItem } from '../domain/drift-item.js';
import type { DriftScan } from '../scan/drift-scanner.js';
import { touchesOf } from '../scan/item-history.js';

export interface OperationRef {
  id: string;
  kind: string;
  status: string;
  created_at: string;
}

/** One item of GET /drift. */
export interface DriftItemView {
  kind: DriftKind;
  id: string;
  hypervisor: Record<string, unknown> | null;
  database: Record<string, unknown> | null;
  /** The newest operation that touched it, if any (operations are kept for their retention). */
  last_operation: OperationRef | null;
}

/** GET /drift's output. */
export interface DriftReport {
  checked_at: string;
  /** MANAGED_USERID_PREFIX; null: directory users no row names are not compared. */
  userid_prefix: string | null;
  compared: DriftScan['compared'];
  counts: Record<DriftKind, number>;
  items: DriftItemView[];
  /** Items operators forgot, still as they were then. */
  forgotten: (DriftItemView & { forgotten_by: string; forgotten_at: string })[];
}

const ref = (op: TouchingOperation | null): OperationRef | null =>
  op && { id: op.id, kind: op.kind, status: op.status, created_at: op.createdAt.toISOString() };

async function itemView(item: DriftItem, repo: DriftRepository): Promise<DriftItemView> {
  return {
    kind: item.kind,
    id: item.id,
    hypervisor: item.hypervisor,
    database: item.database,
    last_operation: ref(await repo.lastOperation(touchesOf(item))),
  };
}

export async function reportOf(scan: DriftScan, repo: DriftRepository): Promise<DriftReport> {
  return {
    checked_at: scan.at.toISOString(),
    userid_prefix: scan.prefix || null,
    compared: scan.compared,
    counts: countsOf(scan.items),
    items: await Promise.all(scan.items.map((i) => itemView(i, repo))),
    forgotten: await Promise.all(
      scan.forgotten.map(async ({ item, forgotten }) => ({
        ...(await itemView(item, repo)),
        forgotten_by: forgotten.operationId,
        forgotten_at: forgotten.createdAt.toISOString(),
      })),
    ),
  };
}
