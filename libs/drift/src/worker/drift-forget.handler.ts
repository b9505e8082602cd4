import { Injectable } from '@nestjs/common';
import { Errors } from '#envelope';
import type { DriftDecisionPayload, DriftDecisionResult } from '#jobs';
import type { OperationContext, OperationHandler } from '#operations';
import { DriftRepository } from '#persistence';
import { seenOf } from '../domain/drift-item.js';
import { DriftScanner } from '../scan/drift-scanner.js';

const STEP = 'forget item';

/**
 * drift.forget: neither side changes; the item, as both sides have it now, is recorded as
 * forgotten and no longer reported (or counted) until either side changes. Forgetting it again
 * records what is seen now.
 */
@Injectable()
export class DriftForgetHandler implements OperationHandler<'drift.forget'> {
  constructor(
    private readonly scanner: DriftScanner,
    private readonly drift: DriftRepository,
  ) {}

  async run(p: DriftDecisionPayload, ctx: OperationContext): Promise<DriftDecisionResult> {
    const done: DriftDecisionResult = { kind: p.kind, id: p.id, decision: 'forgotten' };
    const found = await this.scanner.find(p.kind, p.id, p.userid ?? null);
    if (!found) {
      if (ctx.startedBefore(STEP)) return done; // an earlier run recorded it, then stopped
      throw Errors.driftResolved(p.kind, p.id);
    }
    const before = await this.drift.forgottenOne(p.kind, p.id);
    const seen = seenOf(found.item);
    await ctx.step(
      STEP,
      () => this.drift.forget({ kind: p.kind, itemId: p.id, seen, operationId: ctx.operationId }),
      { undo: () => this.drift.restore(p.kind, p.id, before) },
    );
    return done;
  }
}
