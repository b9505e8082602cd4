import { Injectable, Logger } from '@nestjs/common';
import type { DriftCheckPayload, DriftCheckResult } from '#jobs';
import type { OperationHandler } from '#operations';
import { DriftRepository } from '#persistence';
import { countsOf, keyOf } from '../domain/drift-item.js';
import { DriftScanner } from '../scan/drift-scanner.js';
import { DriftStatus } from '../status/drift-status.js';

/** At most this many items are named per list in the log line (the rest are counted). */
const NAMED = 50;

const named = (keys: string[]): string =>
  keys.length <= NAMED
    ? keys.join(', ')
    : `${keys.slice(0, NAMED).join(', ')} and ${keys.length - NAMED} more`;

/**
 * drift.check (DRIFT_CHECK_INTERVAL_S, one at a time on the maintenance queue): compares the
 * hypervisor with the database, logs what appeared and what went since the last check, and
 * keeps the counts for `hvo_drift_items`. It repairs nothing; it only drops the forgotten
 * marks of items that are no longer drift as they were forgotten.
 */
@Injectable()
export class DriftCheckHandler implements OperationHandler<'drift.check'> {
  private readonly log = new Logger('DriftCheck');

  constructor(
    private readonly scanner: DriftScanner,
    private readonly status: DriftStatus,
    private readonly drift: DriftRepository,
  ) {}

  async run(_: DriftCheckPayload): Promise<DriftCheckResult> {
    const scan = await this.scanner.scan();
    const keys = scan.items.map(keyOf);
    const counts = countsOf(scan.items);
    const last = await this.status.last();
    const before = new Set(last?.items ?? []);
    const now = new Set(keys);
    const appeared = keys.filter((k) => !before.has(k));
    const gone = [...before].filter((k) => !now.has(k));
    if (!last || appeared.length || gone.length) {
      const line =
        `drift: ${keys.length} item(s)` +
        (appeared.length ? `; appeared: ${named(appeared)}` : '') +
        (gone.length ? `; gone: ${named(gone)}` : '');
      if (appeared.length) this.log.warn(line);
      else this.log.log(line);
    }
    await this.status.save({ at: scan.at.toISOString(), counts, items: keys });
    // as read by this scan: a mark a decision wrote meanwhile is not this check's to drop
    await this.drift.dropForgotten(scan.stale);
    return counts;
  }
}
