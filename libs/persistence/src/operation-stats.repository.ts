import { Inject, Injectable } from '@nestjs/common';
import { toInt, toText } from './direct/decode.js';
import { PrismaService } from './prisma.service.js';

/** Number of operations of one kind in one status. */
export interface OperationCount {
  kind: string;
  status: string;
  count: number;
}

/**
 * Every scrape of /metrics runs it, on the api's event loop where the database is SQLite: the
 * (kind, status) index answers it alone; without it, 100,000 rows held the loop 153 ms per
 * scrape (docs/decisions/0002). An integer cast: PostgreSQL's COUNT is a bigint, read as text.
 */
export const COUNT_BY_KIND_AND_STATUS = `SELECT "kind", "status", CAST(COUNT(*) AS INTEGER) AS "count"
  FROM "operations" GROUP BY "kind", "status" ORDER BY "kind", "status"`;

/** Aggregates over the operations table, for metrics. */
@Injectable()
export class OperationStatsRepository {
  constructor(@Inject(PrismaService) private readonly prisma: PrismaService) {}

  /**
   * Operations by kind and status, one row per pair that has any (no zero rows), sorted by
   * kind then status.
   */
  async countByKindAndStatus(): Promise<OperationCount[]> {
    const rows = await this.prisma.direct.all(COUNT_BY_KIND_AND_STATUS, []);
    return rows.map((r) => ({
      kind: toText(r.kind),
      status: toText(r.status),
      count: toInt(r.count),
    }));
  }
}
