import { Injectable } from '@nestjs/common';
import { type Envelope, Errors, ok, toUserid } from '#envelope';
import type { DriftDecision, DriftDecisionPayload } from '#jobs';
import { type Accepted, type OperationRequest, OperationsService } from '#operations';
import { DriftRepository } from '#persistence';
import { driftIdOf, driftKindOf } from '../domain/item-id.js';
import { decisionRefusal } from '../domain/decisions.js';
import { DriftScanner } from '../scan/drift-scanner.js';
import { type DriftReport, reportOf } from './drift-views.js';

/**
 * GET /drift (a read, answered at once) and the operators' decisions on its items, which run as
 * operations (drift.adopt, drift.forget): audited like every change, in the guest's line.
 */
@Injectable()
export class DriftService {
  constructor(
    private readonly scanner: DriftScanner,
    private readonly repo: DriftRepository,
    private readonly ops: OperationsService,
  ) {}

  async report(): Promise<Envelope<DriftReport>> {
    return ok(await reportOf(await this.scanner.scan(), this.repo));
  }

  /** Refuses at once (409) an item that is not drift, or a decision that does not apply. */
  async decide(
    decision: DriftDecision,
    rawKind: string,
    rawId: string,
    req: OperationRequest,
  ): Promise<Envelope | Accepted> {
    const kind = driftKindOf(rawKind);
    const { id, userid } = driftIdOf(kind, rawId);
    const refusal = decisionRefusal(kind, decision, id);
    if (refusal) throw refusal;
    if (!(await this.scanner.find(kind, id, userid))) throw Errors.driftResolved(kind, id);
    const payload: DriftDecisionPayload = {
      kind,
      id,
      ...(userid ? { userid: toUserid(userid) } : {}),
    };
    return this.ops.submit(decision === 'adopt' ? 'drift.adopt' : 'drift.forget', payload, req);
  }
}
