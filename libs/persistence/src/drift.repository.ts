import { Inject, Injectable } from '@nestjs/common';
import type { Prisma } from './generated/sqlite/client.js';
import type { ForgottenDrift, OperationTouch, TouchingOperation } from './drift.types.js';
import { PrismaService } from './prisma.service.js';

const key = (kind: string, itemId: string) => ({ kind_itemId: { kind, itemId } });

/**
 * What the drift report (libs/drift) keeps and reads in the database: the items operators
 * forgot, and the operations that last touched an item (the operations table, read only).
 */
@Injectable()
export class DriftRepository {
  constructor(@Inject(PrismaService) private readonly prisma: PrismaService) {}

  private get db() {
    return this.prisma.client;
  }

  /** Every guest row, migrated away or not: what the report compares the directory with. */
  guests(): Promise<{ userid: string; migrated: boolean; createdAt: Date }[]> {
    return this.db.guest.findMany({
      select: { userid: true, migrated: true, createdAt: true },
      orderBy: { userid: 'asc' },
    });
  }

  forgotten(): Promise<ForgottenDrift[]> {
    return this.db.driftForgotten.findMany({ orderBy: [{ kind: 'asc' }, { itemId: 'asc' }] });
  }

  forgottenOne(kind: string, itemId: string): Promise<ForgottenDrift | null> {
    return this.db.driftForgotten.findUnique({ where: key(kind, itemId) });
  }

  /** Records (or records again, with what was seen now) that the item was forgotten. */
  async forget(f: Omit<ForgottenDrift, 'createdAt'>): Promise<void> {
    const data = { seen: f.seen, operationId: f.operationId, createdAt: new Date() };
    await this.db.driftForgotten.upsert({
      where: key(f.kind, f.itemId),
      create: { kind: f.kind, itemId: f.itemId, ...data },
      update: data,
    });
  }

  /** Puts back what `forgottenOne` read before a change (null: no entry): an undo. */
  async restore(kind: string, itemId: string, before: ForgottenDrift | null): Promise<void> {
    if (!before) {
      await this.remove(kind, itemId);
      return;
    }
    const { kind: _k, itemId: _i, ...data } = before;
    await this.db.driftForgotten.upsert({
      where: key(kind, itemId),
      create: before,
      update: data,
    });
  }

  async remove(kind: string, itemId: string): Promise<void> {
    await this.db.driftForgotten.deleteMany({ where: { kind, itemId } });
  }

  /**
   * Drops these entries, each only as it was read: one forgotten again since (another
   * operation) stays. Returns how many went.
   */
  async dropForgotten(
    entries: readonly Pick<ForgottenDrift, 'kind' | 'itemId' | 'operationId'>[],
  ): Promise<number> {
    let count = 0;
    for (const { kind, itemId, operationId } of entries) {
      const { count: n } = await this.db.driftForgotten.deleteMany({
        where: { kind, itemId, operationId },
      });
      count += n;
    }
    return count;
  }

  /** The newest operation matching any of `touches`, or null. */
  async lastOperation(touches: readonly OperationTouch[]): Promise<TouchingOperation | null> {
    const or: Prisma.OperationWhereInput[] = touches.map((t) => ({
      ...(t.target !== undefined && { target: t.target }),
      ...(t.kinds !== undefined && { kind: { in: [...t.kinds] } }),
      ...(t.requestContains !== undefined && { request: { contains: t.requestContains } }),
    }));
    if (!or.length) return null;
    return this.db.operation.findFirst({
      where: { OR: or },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      select: { id: true, kind: true, status: true, createdAt: true },
    });
  }
}
