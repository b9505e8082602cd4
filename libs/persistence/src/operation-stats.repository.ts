import { Inject, Injectable } from '@nestjs/common';
import { PrismaService } from './prisma.service.js';

/** Number of operations of one kind in one status. */
export interface OperationCount {
  kind: string;
  status: string;
  count: number;
}

/** Aggregates over the operations table, for metrics. */
@Injectable()
export class OperationStatsRepository {
  constructor(@Inject(PrismaService) private readonly prisma: PrismaService) {}

  /**
   * Operations by kind and status, one row per pair that has any (no zero rows), sorted by
   * kind then status. One grouped query over the whole table (indexed on kind and status).
   */
  async countByKindAndStatus(): Promise<OperationCount[]> {
    const rows = await this.prisma.client.operation.groupBy({
      by: ['kind', 'status'],
      _count: { _all: true },
      orderBy: [{ kind: 'asc' }, { status: 'asc' }],
    });
    return rows.map((r) => ({ kind: r.kind, status: r.status, count: r._count._all }));
  }
}
