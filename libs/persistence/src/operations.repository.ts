import { Inject, Injectable } from '@nestjs/common';
import { DuplicateRecordError, isUniqueViolation, RunSupersededError } from './errors.js';
import type { Prisma } from './generated/sqlite/client.js';
import { decodeCursor, encodeCursor } from './operation-cursor.js';
import { mergeStep, toOperationRecord } from './operation-mapping.js';
import {
  compareAndSetSteps,
  finishReturning,
  IDS_PER_STATEMENT,
  insertReturning,
  markRunningReturning,
  selectById,
  selectByIdempotencyKey,
  selectByIds,
  selectEndedIds,
} from './operation-statements.js';
import type {
  NewOperation,
  OperationOutcome,
  OperationPage,
  OperationQuery,
  OperationRecord,
  OperationResolution,
  LateEffect,
  OperationStatus,
  OperationStep,
} from './operation.types.js';
import { PrismaService } from './prisma.service.js';

const ACTIVE: OperationStatus[] = ['queued', 'running'];
/** Not yet at a final status: a needs_attention operation still has undo left to do. */
const OPEN: OperationStatus[] = [...ACTIVE, 'needs_attention'];
const MAX_PAGE = 1000;
/**
 * A target is a guest's userid or a vswitch's key (`VSWITCH:NAME`), not a Userid, and the
 * listing's filter may come from outside the brand: both kept upper case here.
 */
const norm = (target: string): string => target.trim().toUpperCase();

@Injectable()
export class OperationsRepository {
  constructor(@Inject(PrismaService) private readonly prisma: PrismaService) {}

  private get db() {
    return this.prisma.client;
  }

  /** The hot path's statements (each submit and run), without Prisma's client. */
  private get direct() {
    return this.prisma.direct;
  }

  /** @throws DuplicateRecordError when the id or idempotency key is taken. */
  async create(op: NewOperation): Promise<OperationRecord> {
    const data = {
      id: op.id,
      kind: op.kind,
      queue: op.queue,
      target: op.target ? norm(op.target) : null,
      status: op.status ?? 'queued',
      request: JSON.stringify(op.request),
      idempotencyKey: op.idempotencyKey ?? null,
      requestHash: op.requestHash ?? null,
      ...op.audit,
      retryOf: op.retryOf ?? null,
    };
    try {
      return toOperationRecord(await insertReturning(this.direct, data));
    } catch (e) {
      if (isUniqueViolation(e))
        throw new DuplicateRecordError('operation', op.idempotencyKey ?? op.id);
      throw e;
    }
  }

  async get(id: string): Promise<OperationRecord | null> {
    const row = await selectById(this.direct, id);
    return row && toOperationRecord(row);
  }

  /**
   * The operations of `ids` that exist, in no particular order: one statement per 500 ids (the
   * waits that time out together read their rows at once).
   */
  async getMany(ids: readonly string[]): Promise<OperationRecord[]> {
    const out: OperationRecord[] = [];
    for (let i = 0; i < ids.length; i += IDS_PER_STATEMENT) {
      const rows = await selectByIds(this.direct, ids.slice(i, i + IDS_PER_STATEMENT));
      out.push(...rows.map(toOperationRecord));
    }
    return out;
  }

  /** Which of `ids` have ended (one statement per 500 ids; for the waiters' safety-net poll). */
  async endedAmong(ids: readonly string[]): Promise<string[]> {
    const out: string[] = [];
    for (let i = 0; i < ids.length; i += IDS_PER_STATEMENT) {
      out.push(...(await selectEndedIds(this.direct, ids.slice(i, i + IDS_PER_STATEMENT))));
    }
    return out;
  }

  /**
   * Deletes ended operations: succeeded and cancelled ones that ended before `endedBefore`,
   * failed ones before `failedBefore`. Resolves with how many went.
   */
  async pruneEnded(endedBefore: Date, failedBefore: Date): Promise<number> {
    const { count } = await this.db.operation.deleteMany({
      where: {
        OR: [
          { status: { in: ['succeeded', 'cancelled'] }, finishedAt: { lt: endedBefore } },
          { status: 'failed', finishedAt: { lt: failedBefore } },
        ],
      },
    });
    return count;
  }

  /** Removes an operation that was refused before it was queued (it never existed for users). */
  async remove(id: string): Promise<void> {
    await this.db.operation.deleteMany({ where: { id } });
  }

  /** Frees an expired Idempotency-Key so a new operation can take it. */
  async releaseIdempotencyKey(id: string): Promise<void> {
    await this.db.operation.update({ where: { id }, data: { idempotencyKey: null } });
  }

  async findByIdempotencyKey(key: string): Promise<OperationRecord | null> {
    const row = await selectByIdempotencyKey(this.direct, key);
    return row && toOperationRecord(row);
  }

  /**
   * Marks an attempt as running, in one compare-and-set statement that returns the row (so the
   * worker reads it only when this matched nothing). `started_at` keeps the first attempt's
   * start. Null when the operation is missing or already finished (e.g. cancelled while
   * queued): do not run it.
   */
  async markRunning(id: string, attempt: number): Promise<OperationRecord | null> {
    const row = await markRunningReturning(this.direct, id, attempt, ACTIVE);
    return row && toOperationRecord(row);
  }

  /**
   * Appends a step, or updates the last one when it has the same name. Null if no such id.
   * With `known` (the steps the caller last saw recorded) it is one statement, a
   * compare-and-set on them; when they changed meanwhile, or without `known`, it reads them
   * first (read-modify-write). With `attempt` (the run that marked it running) it writes only
   * while that run still owns the operation, else raises RunSupersededError: two deliveries of
   * one job never both record, so never both act.
   */
  async appendStep(
    id: string,
    step: OperationStep,
    known?: readonly OperationStep[],
    attempt?: number,
  ): Promise<OperationStep[] | null> {
    if (known) {
      const steps = mergeStep([...known], step);
      const set = await compareAndSetSteps(
        this.direct,
        id,
        JSON.stringify(known),
        JSON.stringify(steps),
        attempt,
      );
      if (set) return steps;
    }
    return this.readMergeWrite(id, step, attempt);
  }

  private async readMergeWrite(
    id: string,
    step: OperationStep,
    attempt?: number,
  ): Promise<OperationStep[] | null> {
    // Optimistic read-modify-write: no interactive transaction, so no SQLite lock upgrade.
    for (let tries = 0; tries < 5; tries++) {
      const row = await this.db.operation.findUnique({
        where: { id },
        select: { steps: true, attempts: true },
      });
      if (!row) return null;
      if (attempt !== undefined && row.attempts !== attempt) {
        throw new RunSupersededError(id, attempt);
      }
      const steps = mergeStep(JSON.parse(row.steps) as OperationStep[], step);
      const set = await compareAndSetSteps(
        this.direct,
        id,
        row.steps,
        JSON.stringify(steps),
        attempt,
      );
      if (set) return steps;
    }
    throw new Error(`operation ${id}: steps kept changing concurrently`);
  }

  /**
   * Marks a live run: `updated_at` of an operation still running under `attempt` set to now
   * (the reconciler takes a row untouched for two lock periods for one whose worker died).
   * False when the run no longer owns a running operation.
   */
  async touchRun(id: string, attempt: number): Promise<boolean> {
    const { count } = await this.db.operation.updateMany({
      where: { id, status: 'running', attempts: attempt },
      data: { updatedAt: new Date() },
    });
    return count > 0;
  }

  /** Puts a running operation back to queued before a retry. False if it is not running. */
  async requeue(id: string): Promise<boolean> {
    const { count } = await this.db.operation.updateMany({
      where: { id, status: 'running' },
      data: { status: 'queued' },
    });
    return count > 0;
  }

  /** Returns false when there is no such operation. */
  async setProgress(id: string, percent: number): Promise<boolean> {
    const progress = Math.min(100, Math.max(0, Math.round(percent)));
    const { count } = await this.db.operation.updateMany({ where: { id }, data: { progress } });
    return count > 0;
  }

  /**
   * Records the final status (or needs_attention) and envelope. A final status never changes:
   * returns null when the operation is missing or was already finished (e.g. cancel raced with
   * completion). `from` narrows the statuses it may come from (compare-and-set).
   */
  async finish(
    id: string,
    outcome: OperationOutcome,
    from: readonly OperationStatus[] = OPEN,
  ): Promise<OperationRecord | null> {
    // one statement: the compare-and-set returns the row it ended
    const row = await finishReturning(
      this.direct,
      id,
      {
        status: outcome.status,
        response: JSON.stringify(outcome.response),
        httpStatus: outcome.httpStatus,
        complete: outcome.status === 'succeeded',
      },
      from,
    );
    return row && toOperationRecord(row);
  }

  /**
   * Links a failed or cancelled operation to the one that runs it again (compare-and-set: an
   * operation is retried once). False when it is in another state or already retried.
   */
  async claimRetry(id: string, retryId: string): Promise<boolean> {
    const { count } = await this.db.operation.updateMany({
      where: { id, retriedBy: null, status: { in: ['failed', 'cancelled'] } },
      data: { retriedBy: retryId },
    });
    return count > 0;
  }

  /** Undoes claimRetry when the retry was refused before it was queued. */
  async releaseRetry(id: string, retryId: string): Promise<void> {
    await this.db.operation.updateMany({
      where: { id, retriedBy: retryId },
      data: { retriedBy: null },
    });
  }

  /**
   * Records an operator's resolve on an operation that is `needs_attention` (compare-and-set on
   * the list, so two at once both stay); false when it is not, or no longer, needs_attention.
   */
  async addResolution(id: string, r: OperationResolution): Promise<boolean> {
    for (let tries = 0; tries < 5; tries++) {
      const row = await this.db.operation.findUnique({
        where: { id },
        select: { status: true, resolutions: true },
      });
      if (row?.status !== 'needs_attention') return false;
      const list = [...(JSON.parse(row.resolutions) as OperationResolution[]), r];
      const { count } = await this.db.operation.updateMany({
        where: { id, status: 'needs_attention', resolutions: row.resolutions },
        data: { resolutions: JSON.stringify(list) },
      });
      if (count > 0) return true;
    }
    throw new Error(`operation ${id}: resolutions kept changing concurrently`);
  }

  /** How many operations wait for an undo to be retried (health, metrics). */
  countNeedingAttention(): Promise<number> {
    return this.db.operation.count({ where: { status: 'needs_attention' } });
  }

  /** Operations in one of `statuses` not changed since `before`, oldest first (reconciling). */
  /** Schedules the re-check of an ended operation for late effects (issue #58). */
  async scheduleSweep(id: string, at: Date): Promise<void> {
    await this.db.operation.updateMany({
      where: { id, status: { in: ['failed', 'cancelled'] } },
      data: { sweepAt: at, sweeps: 0 },
    });
  }

  /** Ended operations whose re-check for late effects is due, oldest first. */
  async dueForSweep(now: Date, take = 20): Promise<OperationRecord[]> {
    const rows = await this.db.operation.findMany({
      where: { sweepAt: { lte: now }, status: { in: ['failed', 'cancelled'] } },
      orderBy: { sweepAt: 'asc' },
      take,
    });
    return rows.map(toOperationRecord);
  }

  /**
   * Records one re-check: the late effects it found (appended), and when the next is due (null:
   * no more). Compare-and-set on `sweeps`, so two workers never record the same re-check twice.
   */
  async noteSweep(
    id: string,
    done: number,
    found: readonly LateEffect[],
    next: Date | null,
  ): Promise<void> {
    const row = await this.db.operation.findUnique({
      where: { id },
      select: { lateEffects: true },
    });
    if (!row) return;
    const effects = [...(JSON.parse(row.lateEffects) as LateEffect[]), ...found];
    await this.db.operation.updateMany({
      where: { id, sweeps: done },
      data: { lateEffects: JSON.stringify(effects), sweepAt: next, sweeps: done + 1 },
    });
  }

  /** Whether an operation on `target` was submitted after `after` (a later owner of its state). */
  async submittedOnTargetSince(target: string, after: Date): Promise<boolean> {
    const later = await this.db.operation.findFirst({
      where: { target, createdAt: { gt: after } },
      select: { id: true },
    });
    return later !== null;
  }

  async staleIn(statuses: readonly OperationStatus[], before: Date, take = 100) {
    const rows = await this.db.operation.findMany({
      where: { status: { in: [...statuses] }, updatedAt: { lt: before } },
      orderBy: { updatedAt: 'asc' },
      take,
    });
    return rows.map(toOperationRecord);
  }

  /** Newest first. @throws InvalidCursorError for a cursor this method did not return. */
  async list(q: OperationQuery): Promise<OperationPage> {
    const limit = Math.min(MAX_PAGE, Math.max(1, Math.trunc(q.limit)));
    const where: Prisma.OperationWhereInput = {
      ...(q.target !== undefined && { target: norm(q.target) }),
      ...(q.kind !== undefined && { kind: q.kind }),
      ...(q.requestedBy !== undefined && { requestedBy: q.requestedBy }),
      ...(q.requestId !== undefined && { requestId: q.requestId }),
      ...((q.since !== undefined || q.until !== undefined) && {
        createdAt: {
          ...(q.since !== undefined && { gte: q.since }),
          ...(q.until !== undefined && { lt: q.until }),
        },
      }),
      ...(q.status !== undefined && {
        status: typeof q.status === 'string' ? q.status : { in: [...q.status] },
      }),
    };
    if (q.cursor !== undefined) {
      const c = decodeCursor(q.cursor);
      where.OR = [{ createdAt: { lt: c.createdAt } }, { createdAt: c.createdAt, id: { lt: c.id } }];
    }
    const rows = await this.db.operation.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit + 1,
    });
    const items = rows.slice(0, limit).map(toOperationRecord);
    const last = items.at(-1);
    return { items, nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
  }
}
