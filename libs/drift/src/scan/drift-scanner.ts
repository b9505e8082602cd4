import { Injectable } from '@nestjs/common';
import { AppConfig } from '#config';
import type { DriftKind } from '#jobs';
import { DriftRepository, FcpRepository, type ForgottenDrift, NicsRepository } from '#persistence';
import { compare } from '../domain/compare.js';
import { type DriftItem, seenOf } from '../domain/drift-item.js';
import type { DatabaseFacts } from '../domain/facts.js';
import { HypervisorReader } from './hypervisor-reader.js';
import { type ReadScope, scopeOf } from './read-scope.js';

/** What one comparison found. */
export interface DriftScan {
  at: Date;
  /** MANAGED_USERID_PREFIX ('' when unset). */
  prefix: string;
  /** How much each side held. */
  compared: { directory_users: number; guest_rows: number; fcp_rows: number; vswitches: number };
  /** Items an operator has not forgotten (or that changed since). */
  items: DriftItem[];
  /** Items forgotten as they still are. */
  forgotten: { item: DriftItem; forgotten: ForgottenDrift }[];
  /** Forgotten marks, as read, of items that are no longer drift as they were forgotten. */
  stale: ForgottenDrift[];
}

/** One item and whether it is forgotten as it is. */
export interface FoundItem {
  item: DriftItem;
  forgotten: ForgottenDrift | null;
}

/** Compares the hypervisor with the database (reads only): the drift report's one source. */
@Injectable()
export class DriftScanner {
  constructor(
    private readonly cfg: AppConfig,
    private readonly reader: HypervisorReader,
    private readonly repo: DriftRepository,
    private readonly nics: NicsRepository,
    private readonly fcps: FcpRepository,
  ) {}

  private async database(): Promise<DatabaseFacts> {
    const [guests, nics, fcps] = await Promise.all([
      this.repo.guests(),
      this.nics.list(),
      this.fcps.fcps(),
    ]);
    return { guests, nics, fcps };
  }

  async scan(scope: ReadScope = {}): Promise<DriftScan> {
    const prefix = this.cfg.MANAGED_USERID_PREFIX;
    const db = await this.database();
    const hv = await this.reader.read(db, prefix, scope);
    const found = compare(hv, db, prefix);
    const marks = new Map((await this.repo.forgotten()).map((f) => [`${f.kind} ${f.itemId}`, f]));
    const scan: DriftScan = {
      at: new Date(),
      prefix,
      compared: {
        directory_users: hv.users.size,
        guest_rows: db.guests.length,
        fcp_rows: db.fcps.length,
        vswitches: hv.grants?.size ?? 0,
      },
      items: [],
      forgotten: [],
      stale: [],
    };
    for (const item of found) {
      const mark = marks.get(`${item.kind} ${item.id}`);
      if (mark && mark.seen === seenOf(item)) {
        scan.forgotten.push({ item, forgotten: mark });
        marks.delete(`${item.kind} ${item.id}`);
      } else scan.items.push(item);
    }
    scan.stale = [...marks.values()];
    return scan;
  }

  /** The item of that kind and id as it is now (reading what it depends on), or null. */
  async find(kind: DriftKind, id: string, userid: string | null): Promise<FoundItem | null> {
    const scan = await this.scan(scopeOf(kind, userid));
    const match = (i: DriftItem) => i.kind === kind && i.id === id;
    const item = scan.items.find(match);
    if (item) return { item, forgotten: null };
    const f = scan.forgotten.find((x) => match(x.item));
    return f ? { item: f.item, forgotten: f.forgotten } : null;
  }
}
